/* msg_de.c - German texts of the document message catalogue (ps_msg.h). */
#include "ps_msg.h"

const char *const ps_msg_de[PS_MSG_N] = {
    [PS_MSG_PAGE_OF] = "Seite %d von %d",
    [PS_MSG_FIGURE_N] = "Abbildung %d",
    [PS_MSG_TABLE_N] = "Tabelle %d",
    [PS_MSG_LIST_OF_FIGURES] = "Abbildungsverzeichnis",
    [PS_MSG_LIST_OF_TABLES] = "Tabellenverzeichnis",
    [PS_MSG_CONTENTS] = "Inhalt",
    [PS_MSG_DRAFT] = "ENTWURF",
    [PS_MSG_APPENDIX_N] = "Anhang %s",
    [PS_MSG_NOT_PROVIDED] = "nicht angegeben",
    [PS_MSG_NA] = "k. A.",
};
