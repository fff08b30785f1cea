/* msg_fr.c - French texts of the document message catalogue (ps_msg.h). */
#include "ps_msg.h"

const char *const ps_msg_fr[PS_MSG_N] = {
    [PS_MSG_PAGE_OF] = "Page %d sur %d",
    [PS_MSG_FIGURE_N] = "Figure %d",
    [PS_MSG_TABLE_N] = "Tableau %d",
    [PS_MSG_LIST_OF_FIGURES] = "Liste des figures",
    [PS_MSG_LIST_OF_TABLES] = "Liste des tableaux",
    [PS_MSG_CONTENTS] = "Sommaire",
    [PS_MSG_DRAFT] = "BROUILLON",
    [PS_MSG_APPENDIX_N] = "Annexe %s",
    [PS_MSG_NOT_PROVIDED] = "non fourni",
    [PS_MSG_NA] = "n/d",
};
