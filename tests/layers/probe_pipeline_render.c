/* probe_pipeline_render.c - the pipeline never renders: render headers are not on its path. */
#include "ps_render.h"
