/* msg_zh_cn.c - Simplified Chinese (China) texts of the document message catalogue (ps_msg.h). */
#include "ps_msg.h"

const char *const ps_msg_zh_cn[PS_MSG_N] = {
    [PS_MSG_PAGE_OF] = "第 %d 页，共 %d 页",
    [PS_MSG_FIGURE_N] = "图 %d",
    [PS_MSG_TABLE_N] = "表 %d",
    [PS_MSG_LIST_OF_FIGURES] = "图目录",
    [PS_MSG_LIST_OF_TABLES] = "表目录",
    [PS_MSG_CONTENTS] = "目录",
    [PS_MSG_DRAFT] = "草稿",
    [PS_MSG_APPENDIX_N] = "附录 %s",
    [PS_MSG_NOT_PROVIDED] = "未提供",
    [PS_MSG_NA] = "不适用",
};
