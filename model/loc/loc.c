/* loc.c - packed page/line locations (ps_loc.h). */
#include "ps_loc.h"

#include <stdio.h>

long ps_loc_paged(long page, long line)
{
    page = page < 1 ? 1 : page > PS_LOC_MAX_PAGES ? PS_LOC_MAX_PAGES : page;
    line = line < 1 ? 1 : line > PS_LOC_MAX_LINE ? PS_LOC_MAX_LINE : line;
    return PS_LOC_PAGED | page << PS_LOC_PAGE_SHIFT | line;
}

long ps_loc_page(long loc)
{
    return loc >= PS_LOC_PAGED ? (loc & ~PS_LOC_PAGED) >> PS_LOC_PAGE_SHIFT : 0;
}

long ps_loc_line(long loc)
{
    return loc >= PS_LOC_PAGED ? loc & PS_LOC_MAX_LINE : loc;
}

char *ps_loc_format(char *buf, size_t n, long loc)
{
    if (loc <= 0)
        snprintf(buf, n, "%s", "");
    else if (ps_loc_page(loc))
        snprintf(buf, n, "p%ld:L%ld", ps_loc_page(loc), ps_loc_line(loc));
    else
        snprintf(buf, n, "%ld", loc);
    return buf;
}
