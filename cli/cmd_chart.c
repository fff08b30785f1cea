/* cmd_chart.c - placeholder replaced below */
#include "cli.h"
int ps_cmd_chart(int argc, char **argv, ps_cli *cli)
{
    (void)argc; (void)argv;
    return ps_cli_usage(cli, "chart: not built yet");
}
