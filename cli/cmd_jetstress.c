/* cmd_jetstress.c - 'perfscribe jetstress' and 'perfscribe check' (not built yet). */
#include "cli.h"

int ps_cmd_jetstress(int argc, char **argv, ps_cli *cli)
{
    (void)argc;
    (void)argv;
    return ps_error_set(&cli->err, PS_EUSAGE, NULL, 0, 0, "'jetstress' is not available in this build yet");
}

int ps_cmd_check(int argc, char **argv, ps_cli *cli)
{
    (void)argc;
    (void)argv;
    return ps_error_set(&cli->err, PS_EUSAGE, NULL, 0, 0, "'check' is not available in this build yet");
}
