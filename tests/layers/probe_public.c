/* probe_public.c - the public header of every library compiles in a front-end source. */
#include "ps_cli_doc.h"
#include "ps_model.h"
#include "ps_parser.h"
#include "ps_pipeline.h"
#include "ps_render.h"

int ps_probe_public(void);
int ps_probe_public(void)
{
    return PS_OK;
}
