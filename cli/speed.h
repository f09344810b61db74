/* snova speed: operations per second of the library on the machine it runs on. */
#ifndef SNOVA_CLI_SPEED_H
#define SNOVA_CLI_SPEED_H

/* snova speed [--set NAME]... [--op OP]... [--seconds S] [--kernels CLASS|portable]...
 * [--json] (argv: the options after "speed"): EXIT_OK, or EXIT_FAIL (reported). */
int cmd_speed(int argc, char **argv);

#endif
