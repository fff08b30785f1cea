/* cmd_report.c - 'perfscribe report' (not built yet). */
#include "cli.h"

int ps_cmd_report(int argc, char **argv, ps_cli *cli)
{
    (void)argc;
    (void)argv;
    return ps_error_set(&cli->err, PS_EUSAGE, NULL, 0, 0, "'report' is not available in this build yet");
}
