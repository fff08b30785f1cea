/* cmd_summary.c - 'perfscribe summary' (not built yet). */
#include "cli.h"

int ps_cmd_summary(int argc, char **argv, ps_cli *cli)
{
    (void)argc;
    (void)argv;
    return ps_error_set(&cli->err, PS_EUSAGE, NULL, 0, 0, "'summary' is not available in this build yet");
}
