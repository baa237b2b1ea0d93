/*
 * cmd.h -- the command loop of the scheduler driver.
 */
#ifndef CMD_H
#define CMD_H

#include "sched.h"

/* With on != 0, finished jobs are reported as id:pPRIO:bBLOCKS. */
void cmd_set_verbose(int on);
/* Run commands from stdin until end of input; returns the exit status. */
int run_commands(struct sched *s);
/* Terminate the current line of finished ids, if any. */
void cmd_end_output(void);

#endif
