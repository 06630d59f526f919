#define _GNU_SOURCE /* memfd_create, posix_spawn_file_actions_addclosefrom_np */
#include "plugboard_sandbox.h"
#include "early.h"

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

/* In `plugboard check` (the parent): the fork servers' process started before main, until the
 * harness takes it; the executable it runs (this process's, from /proc/self/exe). */
static pid_t pb_prestarted_server = -1;
static int pb_prestarted_socket = -1, pb_prestarted_output = -1;
static char pb_prestarted_executable[4096];

int pb_check_server_wanted(int argc, char *const *argv) {
    static const char *const no_server[] = {"--in-process", "--no-fork-server", "--list", "--help", "-h", "--version"};
    return pb_command_without(argc, argv, "check", no_server, sizeof no_server / sizeof no_server[0]) &&
           getenv("PLUGBOARD_NO_CHECK_PRESTART") == NULL;
}

/* `envp` with LD_BIND_NOW=1 (the server binds every symbol once, before it forks) and
 * SWIFT_BACKTRACE=enable=no (as for every child), replacing any given; NULL when out of memory. */
static char **pb_server_environment(char **envp) {
    static char bind_now[] = "LD_BIND_NOW=1", backtrace[] = "SWIFT_BACKTRACE=enable=no";
    size_t count = 0;
    while (envp[count] != NULL) count++;
    char **environment = malloc((count + 3) * sizeof *environment);
    if (environment == NULL) return NULL;
    size_t kept = 0;
    for (size_t at = 0; at < count; at++) {
        if (strncmp(envp[at], "LD_BIND_NOW=", 12) == 0 || strncmp(envp[at], "SWIFT_BACKTRACE=", 16) == 0) continue;
        environment[kept++] = envp[at];
    }
    environment[kept++] = bind_now;
    environment[kept++] = backtrace;
    environment[kept] = NULL;
    return environment;
}

/* Starts `EXECUTABLE __check-child --serve` with its socket on standard input and a file in
 * memory for its output; 0 or errno. */
static int pb_start_server(char **envp) {
    ssize_t length = readlink("/proc/self/exe", pb_prestarted_executable, sizeof pb_prestarted_executable - 1);
    if (length <= 0) return errno;
    pb_prestarted_executable[length] = '\0';
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) != 0) return errno;
    int output = memfd_create("fork-server.output", MFD_CLOEXEC);
    char **environment = pb_server_environment(envp);
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    sigset_t none;
    sigemptyset(&none);
    int status = output < 0 ? errno : environment == NULL ? ENOMEM : 0;
    if (status == 0 && (status = posix_spawn_file_actions_init(&actions)) == 0) {
        if ((status = posix_spawnattr_init(&attributes)) == 0) {
            /* dup2 clears close-on-exec on the copies; every other descriptor is closed. */
            posix_spawn_file_actions_adddup2(&actions, ends[1], STDIN_FILENO);
            posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO);
            posix_spawn_file_actions_adddup2(&actions, output, STDERR_FILENO);
            posix_spawn_file_actions_addclosefrom_np(&actions, 3);
            posix_spawnattr_setsigmask(&attributes, &none);
            posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
            char *arguments[] = {pb_prestarted_executable, (char *)"__check-child", (char *)"--serve", NULL};
            status = posix_spawn(
                &pb_prestarted_server, pb_prestarted_executable, &actions, &attributes, arguments, environment);
            posix_spawnattr_destroy(&attributes);
        }
        posix_spawn_file_actions_destroy(&actions);
    }
    free(environment);
    close(ends[1]);
    if (status != 0) {
        pb_prestarted_server = -1;
        close(ends[0]);
        if (output >= 0) close(output);
        return status;
    }
    pb_prestarted_socket = ends[0];
    pb_prestarted_output = output;
    return 0;
}

/* Before main: `plugboard check` starts the process that forks its libraries' fork servers
 * here, so that process's start (the dynamic linker binding every symbol, the Swift run-time,
 * the warm-up) overlaps the parent's own start, its command line and the reading of the app,
 * instead of following them. */
__attribute__((constructor)) static void pb_check_prestart(int argc, char **argv, char **envp) {
    if (pb_check_server_wanted(argc, argv)) (void)pb_start_server(envp);
}

pid_t pb_check_prestart_take(const char *executable, int *socket, int *output) {
    pid_t server = pb_prestarted_server;
    if (server < 0 || strcmp(executable, pb_prestarted_executable) != 0) return -1;
    *socket = pb_prestarted_socket;
    *output = pb_prestarted_output;
    pb_prestarted_server = -1;
    pb_prestarted_socket = pb_prestarted_output = -1;
    return server;
}
