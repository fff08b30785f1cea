/* msg_es.c - Spanish texts of the document message catalogue (ps_msg.h). */
#include "ps_msg.h"

const char *const ps_msg_es[PS_MSG_N] = {
    [PS_MSG_PAGE_OF] = "Página %d de %d",
    [PS_MSG_FIGURE_N] = "Figura %d",
    [PS_MSG_TABLE_N] = "Tabla %d",
    [PS_MSG_LIST_OF_FIGURES] = "Índice de figuras",
    [PS_MSG_LIST_OF_TABLES] = "Índice de tablas",
    [PS_MSG_CONTENTS] = "Contenido",
    [PS_MSG_DRAFT] = "BORRADOR",
    [PS_MSG_APPENDIX_N] = "Apéndice %s",
    [PS_MSG_NOT_PROVIDED] = "no proporcionado",
    [PS_MSG_NA] = "n/d",
};
