/* What the sandbox's C files share about a process's start, before main (not public). */
#ifndef PLUGBOARD_SANDBOX_EARLY_H
#define PLUGBOARD_SANDBOX_EARLY_H

#include <stddef.h>

/* Moves the calling process, which must have one thread, into new user and IPC namespaces,
 * keeping its user and group ids; what came of it is what `pb_sandbox_unshare` answers later. */
void pb_sandbox_enter_user_and_ipc_namespaces(void);

/* The start of an engine forked before main (`enginefork.c`), as the constructor gives an
 * `__engine` process its start: `recorder` becomes what `pb_sandbox_take_recorder` returns and,
 * unless PLUGBOARD_NO_SANDBOX is set, the process enters its namespaces and splits into its
 * warden, which never returns, and the engine, which does (`pb_sandbox_start_warden`). */
void pb_sandbox_enter_as_forked_engine(int recorder, const char *scratch);

/* 1 when `argv` is the command `command` (argv[1]) with none of the `count` options `excluded`
 * before any "--": the test of each constructor that starts a process for a command before main
 * (`enginefork.c`, `checkprestart.c`). */
int pb_command_without(int argc, char *const *argv, const char *command, const char *const *excluded, size_t count);
#endif
