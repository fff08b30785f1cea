/* msg_ko.c - Korean texts of the document message catalogue (ps_msg.h). */
#include "ps_msg.h"

const char *const ps_msg_ko[PS_MSG_N] = {
    [PS_MSG_PAGE_OF] = "%d / %d 페이지",
    [PS_MSG_FIGURE_N] = "그림 %d",
    [PS_MSG_TABLE_N] = "표 %d",
    [PS_MSG_LIST_OF_FIGURES] = "그림 목록",
    [PS_MSG_LIST_OF_TABLES] = "표 목록",
    [PS_MSG_CONTENTS] = "목차",
    [PS_MSG_DRAFT] = "초안",
    [PS_MSG_APPENDIX_N] = "부록 %s",
    [PS_MSG_NOT_PROVIDED] = "제공되지 않음",
    [PS_MSG_NA] = "해당 없음",
};
