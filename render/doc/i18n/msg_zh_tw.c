/* msg_zh_tw.c - Traditional Chinese (Taiwan) texts of the document message catalogue (ps_msg.h). */
#include "ps_msg.h"

const char *const ps_msg_zh_tw[PS_MSG_N] = {
    [PS_MSG_PAGE_OF] = "第 %d 頁，共 %d 頁",
    [PS_MSG_FIGURE_N] = "圖 %d",
    [PS_MSG_TABLE_N] = "表 %d",
    [PS_MSG_LIST_OF_FIGURES] = "圖目錄",
    [PS_MSG_LIST_OF_TABLES] = "表目錄",
    [PS_MSG_CONTENTS] = "目錄",
    [PS_MSG_DRAFT] = "草稿",
    [PS_MSG_APPENDIX_N] = "附錄 %s",
    [PS_MSG_NOT_PROVIDED] = "未提供",
    [PS_MSG_NA] = "不適用",
};
