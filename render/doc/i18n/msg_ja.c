/* msg_ja.c - Japanese texts of the document message catalogue (ps_msg.h). */
#include "ps_msg.h"

const char *const ps_msg_ja[PS_MSG_N] = {
    [PS_MSG_PAGE_OF] = "%d / %d ページ",
    [PS_MSG_FIGURE_N] = "図 %d",
    [PS_MSG_TABLE_N] = "表 %d",
    [PS_MSG_LIST_OF_FIGURES] = "図一覧",
    [PS_MSG_LIST_OF_TABLES] = "表一覧",
    [PS_MSG_CONTENTS] = "目次",
    [PS_MSG_DRAFT] = "草案",
    [PS_MSG_APPENDIX_N] = "付録 %s",
    [PS_MSG_NOT_PROVIDED] = "未記入",
    [PS_MSG_NA] = "該当なし",
};
