/* msg_en.c - English texts of the document message catalogue (ps_msg.h). */
#include "ps_msg.h"

const char *const ps_msg_en[PS_MSG_N] = {
    [PS_MSG_PAGE_OF] = "Page %d of %d",
    [PS_MSG_FIGURE_N] = "Figure %d",
    [PS_MSG_TABLE_N] = "Table %d",
    [PS_MSG_LIST_OF_FIGURES] = "List of figures",
    [PS_MSG_LIST_OF_TABLES] = "List of tables",
    [PS_MSG_CONTENTS] = "Contents",
    [PS_MSG_DRAFT] = "DRAFT",
    [PS_MSG_APPENDIX_N] = "Appendix %s",
    [PS_MSG_NOT_PROVIDED] = "not provided",
    [PS_MSG_NA] = "n/a",
};
