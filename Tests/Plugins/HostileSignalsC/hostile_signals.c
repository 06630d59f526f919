/* HostileSignalsC — a screen that attacks the supervisor of its engine, as PLUGBOARD_TEST_HOSTILE
 * says (unset: it is a correct screen, so a test that loads every library in its own process is
 * never at risk):
 *   signals   its button stops and kills its parent and tries to trace it; the label then says
 *             what each call returned ("stop EPERM kill EPERM trace EPERM" under the sandbox);
 *   truncate  its button truncates the flight recorder (the engine's --recorder argument), says
 *             what that returned ("truncate EPERM"), and crashes, so the supervisor reads it;
 *   fork      its button forks a process that keeps the engine's pipes for 20 s, then
 *             crashes: the supervisor must see the engine's end, not wait for the pipes';
 *   escape    its button logs a line that would clear the terminal and set its title;
 *   stderr    its button writes the same straight to its standard error and output;
 *   views     its button makes views into its root until the host refuses one (it tries a
 *             million), and says how many it got ("views 9997");
 *   bump      its button hangs, bumping the recorder's count of calls entered every millisecond
 *             (through the engine's own mapping of it), as if it made progress;
 *   outcome   under `plugboard check`, its button writes "passed" into the check's transcript (the
 *             child's last argument; the sandbox refuses the open) and exits with status 0, as if
 *             the test had passed;
 *   reach     its button tries what the sandbox refuses and says what each returned: read the
 *             file PLUGBOARD_TEST_SECRET names, write a file in the folder PLUGBOARD_TEST_WRITE
 *             names, connect to 127.0.0.1:PLUGBOARD_TEST_PORT, open its parent's /proc entry,
 *             run /bin/sh, fork, map 64 GiB ("read EACCES write EACCES net EPERM proc EACCES
 *             exec EPERM fork EPERM alloc ENOMEM" under the sandbox, DONE where allowed);
 *   reply     its button writes a well-formed reply, as the engine would, to every pipe it may
 *             write (the engine's reply pipe among them), then waits forever: a supervisor that
 *             took it would answer the tap with it;
 *   blame     its button writes another plugin's name and library (the test bar's) into the
 *             recorder's call in flight, then crashes: a supervisor that believed the recorder
 *             would leave the bar out;
 *   blame-abort  the same, then calls abort();
 *   blame-exit   the same, then calls exit(0);
 *   blame-libc   the same, then has the C library fault for it (memcpy to address 8), so the
 *             faulting instruction is not in its own code;
 *   thread    its button starts a thread that waits until the tap has returned, then crashes
 *             outside any call into plugin code;
 *   exit      the same thread calls exit(0) instead;
 *   pipe      its button puts /dev/null over every pipe it may write (the engine's reply pipe
 *             among them), so the engine's answers go nowhere, and returns;
 *   forge     at every start (entry init) it writes a new plugin name into the recorder's call
 *             in flight and crashes, so each restart blames a name never seen before;
 *   fill      its button writes its TMPDIR (the scratch folder) full, a MiB at a time, and says
 *             how far it got and why it stopped ("filled 8 MiB ENOSPC" under an 8 MiB limit);
 *   destroy   its `destroy` never returns, so the session cannot end on its own;
 *   daemon    its constructor starts a process that leaves it as a daemon does (a double fork, a
 *             new session, no parent-death signal) and waits; it ends itself after 60 s. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <pthread.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <plugboard.h>

#define CORPUS_PLUGIN_ID "hostile_signals"
#define CORPUS_PLUGIN_NAME "Hostile Signals"
#define CORPUS_DESCRIPTION "stops, kills and traces its parent when its button is tapped"
#define CORPUS_ON_TAP(state) hostile_attack(state)
#define CORPUS_ENTRY_INIT(info) hostile_forge()

struct corpus_screen_state;
static void hostile_attack(struct corpus_screen_state *state);
static void hostile_forge(void);
static void hostile_destroy(void);

#define CORPUS_ON_DESTROY(state) hostile_destroy()
#include "../Corpus/Common/corpus_screen.h"

static const char *outcome(int result) {
    if (result == 0) return "DONE";
    return errno == EPERM ? "EPERM" : "FAILED";
}

/* DONE, or the name of the error the call failed with. */
static const char *hostile_result(int result) { return result == 0 ? "DONE" : strerrorname_np(errno); }

/* Each thing the sandbox refuses, tried once. */
static void hostile_reach(char *line, size_t size) {
    const char *secret = getenv("PLUGBOARD_TEST_SECRET"), *folder = getenv("PLUGBOARD_TEST_WRITE");
    const char *port = getenv("PLUGBOARD_TEST_PORT");
    char path[4096];
    const char *read_result, *write_result, *net, *proc, *exec_result, *fork_result, *alloc;
    int descriptor = open(secret ? secret : "/nonexistent", O_RDONLY);
    struct sockaddr_in address;
    void *memory;
    pid_t child;
    read_result = hostile_result(descriptor < 0 ? -1 : close(descriptor));
    snprintf(path, sizeof path, "%s/written-by-plugin", folder ? folder : "/nonexistent");
    descriptor = open(path, O_WRONLY | O_CREAT, 0600);
    write_result = hostile_result(descriptor < 0 ? -1 : close(descriptor));
    descriptor = socket(AF_INET, SOCK_STREAM, 0);
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((unsigned short)atoi(port ? port : "9"));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    net = hostile_result(descriptor < 0 ? -1 : connect(descriptor, (struct sockaddr *)&address, sizeof address));
    if (descriptor >= 0) close(descriptor);
    snprintf(path, sizeof path, "/proc/%d/status", (int)getppid());
    descriptor = open(path, O_RDONLY);
    proc = hostile_result(descriptor < 0 ? -1 : close(descriptor));
    execl("/bin/sh", "sh", "-c", "exit 0", (char *)NULL); /* returns only when refused */
    exec_result = strerrorname_np(errno);
    child = fork();
    if (child == 0) _exit(0);
    if (child > 0) waitpid(child, NULL, 0);
    fork_result = hostile_result(child < 0 ? -1 : 0);
    memory = mmap(NULL, 64ull << 30, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    alloc = hostile_result(memory == MAP_FAILED ? -1 : munmap(memory, 64ull << 30));
    snprintf(line, size, "read %s write %s net %s proc %s exec %s fork %s alloc %s", read_result, write_result,
             net, proc, exec_result, fork_result, alloc);
}

/* True when `descriptor` is a pipe this process may only write: the engine's reply pipe among them. */
static int hostile_is_write_pipe(int descriptor) {
    struct stat status;
    int flags = fcntl(descriptor, F_GETFL);
    if (flags < 0 || (flags & O_ACCMODE) != O_WRONLY || fstat(descriptor, &status) != 0) return 0;
    return S_ISFIFO(status.st_mode);
}

/* Writes a forged, unsealed reply frame to every pipe this process may write, then waits. */
static void hostile_forge_reply(void) {
    static const char reply[] = "{\"reply\":{\"_0\":{\"succeeded\":true,\"text\":\"\",\"stateURL\":\"app://home\","
                                "\"events\":[],\"failures\":[],\"urlsToOpen\":[]}}}";
    unsigned char header[4];
    size_t length = sizeof reply - 1;
    int descriptor;
    header[0] = (unsigned char)(length >> 24);
    header[1] = (unsigned char)(length >> 16);
    header[2] = (unsigned char)(length >> 8);
    header[3] = (unsigned char)length;
    for (descriptor = 3; descriptor < 256; descriptor++) {
        if (!hostile_is_write_pipe(descriptor)) continue;
        if (write(descriptor, header, sizeof header) < 0 || write(descriptor, reply, length) < 0) continue;
    }
    for (;;) pause();
}

static int hostile_mode(const char *mode) {
    const char *set = getenv("PLUGBOARD_TEST_HOSTILE");
    return set != NULL && strcmp(set, mode) == 0;
}

/* Opens the flight recorder the engine was started with (`--recorder PATH` in its command line). */
static int hostile_open_recorder(void) {
    static char arguments[65536];
    size_t length, at;
    int descriptor = open("/proc/self/cmdline", O_RDONLY);
    if (descriptor < 0) return -1;
    length = (size_t)read(descriptor, arguments, sizeof arguments - 1);
    close(descriptor);
    for (at = 0; at < length; at += strlen(arguments + at) + 1) {
        if (strcmp(arguments + at, "--recorder") == 0 && at + 11 < length) {
            return open(arguments + at + 11, O_RDWR);
        }
    }
    return -1;
}

/* The engine's own mapping of the flight recorder, found in /proc/self/maps (the memory file
 * "plugboard-recorder"): what a plugin can always reach, whatever it may open. NULL: none. */
static unsigned char *hostile_recorder(void) {
    char line[512];
    unsigned long start = 0;
    FILE *maps = fopen("/proc/self/maps", "r");
    if (maps == NULL) return NULL;
    while (fgets(line, sizeof line, maps) != NULL) {
        if (strstr(line, "plugboard-recorder") != NULL && strstr(line, "rw") != NULL) {
            start = strtoul(line, NULL, 16);
            break;
        }
    }
    fclose(maps);
    return (unsigned char *)start;
}

static void hostile_forge(void) {
    char name[64];
    unsigned char *recorder;
    if (!hostile_mode("forge")) return;
    recorder = hostile_recorder();
    if (recorder == NULL) return;
    /* Header: depth (u32) at 24; frame 0 at 64: function at 0, plugin at 208 (see FlightRecorder). */
    snprintf(name, sizeof name, "forged-%ld", (long)getpid());
    strcpy((char *)recorder + 64, "create");
    strcpy((char *)recorder + 64 + 208, name);
    *(volatile unsigned int *)(recorder + 24) = 1;
    corpus_write_through_null();
}

/* Set as the tap returns: what the thread waits for where no recorder is mapped (in process). */
static volatile int hostile_tap_returned;

/* Waits until no call into plugin code is in flight (the recorder's depth is 0; in process, the
 * tap has about returned), then crashes or exits. */
static void *hostile_crash_later(void *recorder) {
    if (recorder != NULL) {
        volatile unsigned int *depth = (volatile unsigned int *)((unsigned char *)recorder + 24);
        while (*depth != 0) sched_yield();
    } else {
        while (!hostile_tap_returned) sched_yield();
    }
    if (hostile_mode("exit")) exit(0);
    corpus_write_through_null();
    return NULL;
}

static void hostile_attack(struct corpus_screen_state *state) {
    char line[160];
    pid_t parent = getppid();
    const char *stop, *killed, *trace;
    if (hostile_mode("stderr")) {
        static const char raw[] = "\x1b[2J\x1b]0;pwned\x07raw output\n";
        if (write(STDERR_FILENO, raw, sizeof raw - 1) < 0 || write(STDOUT_FILENO, raw, sizeof raw - 1) < 0) return;
        return;
    }
    if (hostile_mode("truncate")) {
        int descriptor = hostile_open_recorder();
        snprintf(line, sizeof line, "truncate %s", descriptor < 0 ? "NOFILE" : outcome(ftruncate(descriptor, 0)));
        state->host->views->set_text(state->host, state->label, line);
        corpus_write_through_null();
    }
    if (hostile_mode("fork")) {
        if (fork() == 0) {
            /* Keeps the engine's pipes to its supervisor (descriptors 3 and up), not the
             * terminal's, so only a supervisor that waits for the pipes waits for it. */
            close(0);
            close(1);
            close(2);
            sleep(20);
            _exit(0);
        }
        corpus_write_through_null();
    }
    if (hostile_mode("views")) {
        const pb_view_api_t *v = state->host->views;
        long made = 0;
        while (made < 1000000) {
            pb_view_t view = v->create(state->host, PB_VIEW_LABEL);
            if (view == PB_VIEW_NONE) break;
            v->add_child(state->host, state->root, view);
            made++;
        }
        snprintf(line, sizeof line, "views %ld", made);
        v->set_text(state->host, state->label, line);
        return;
    }
    if (hostile_mode("bump")) {
        volatile unsigned long long *entered;
        unsigned char *recorder = hostile_recorder();
        if (recorder == NULL) return;
        entered = (volatile unsigned long long *)(recorder + 8);
        for (;;) {
            *entered += 1;
            usleep(1000);
        }
    }
    if (hostile_mode("outcome")) {
        static char arguments[65536];
        const char *last = NULL;
        size_t length, at;
        int descriptor = open("/proc/self/cmdline", O_RDONLY);
        if (descriptor < 0) return;
        length = (size_t)read(descriptor, arguments, sizeof arguments - 1);
        close(descriptor);
        for (at = 0; at < length; at += strlen(arguments + at) + 1) last = arguments + at;
        descriptor = last == NULL ? -1 : open(last, O_WRONLY | O_APPEND);
        /* Ends as if the test had passed, whether or not the sandbox let it write. */
        if (descriptor >= 0 && write(descriptor, "= {\"status\":\"passed\"}\n", 22) < 0) _exit(1);
        _exit(0);
    }
    if (hostile_mode("reply")) hostile_forge_reply();
    if (hostile_mode("pipe")) {
        int null = open("/dev/null", O_WRONLY), descriptor;
        for (descriptor = 3; null >= 0 && descriptor < 256; descriptor++) {
            if (descriptor != null && hostile_is_write_pipe(descriptor)) dup2(null, descriptor);
        }
        return;
    }
    if (hostile_mode("blame") || hostile_mode("blame-abort") || hostile_mode("blame-exit") ||
        hostile_mode("blame-libc")) {
        unsigned char *recorder = hostile_recorder(), *frame;
        unsigned int depth;
        if (recorder == NULL) return;
        depth = *(volatile unsigned int *)(recorder + 24);
        frame = recorder + 64 + 576 * (depth > 0 ? depth - 1 : 0);
        snprintf((char *)frame + 208, 96, "%s", "test.navbar.swift");
        snprintf((char *)frame + 304, 272, "%s", "libTestSwiftPlugins.so");
        if (hostile_mode("blame-abort")) abort();
        if (hostile_mode("blame-exit")) exit(0);
        if (hostile_mode("blame-libc")) {
            void *volatile target = (void *)8;
            memcpy(target, line, sizeof line);
        }
        corpus_write_through_null();
    }
    if (hostile_mode("thread") || hostile_mode("exit")) {
        pthread_t thread;
        unsigned char *recorder = hostile_recorder();
        hostile_tap_returned = 0;
        if (pthread_create(&thread, NULL, hostile_crash_later, recorder) == 0) pthread_detach(thread);
        hostile_tap_returned = 1;
        return;
    }
    if (hostile_mode("reach")) {
        hostile_reach(line, sizeof line);
        state->host->views->set_text(state->host, state->label, line);
        state->host->log(state->host, PB_LOG_WARNING, line); /* the label is wider than a phone */
        return;
    }
    if (hostile_mode("fill")) {
        /* Writes its TMPDIR full, a MiB at a time, and says how far it got and why it stopped. */
        static char chunk[1 << 20];
        char path[4096];
        long long written = 0;
        ssize_t count = 0;
        const char *folder = getenv("TMPDIR");
        int descriptor;
        snprintf(path, sizeof path, "%s/fill", folder != NULL ? folder : "/tmp");
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        while (descriptor >= 0 && written < (1LL << 40) && (count = write(descriptor, chunk, sizeof chunk)) > 0) {
            written += count;
        }
        snprintf(line, sizeof line, "filled %lld MiB %s", written >> 20,
                 descriptor < 0 ? "NOFILE" : count < 0 && errno == ENOSPC ? "ENOSPC" : "other");
        if (descriptor >= 0) close(descriptor);
        state->host->views->set_text(state->host, state->label, line);
        return;
    }
    if (hostile_mode("escape")) {
        state->host->log(state->host, PB_LOG_WARNING, "\033[2J\033]0;pwned\007cleared");
        return;
    }
    if (!hostile_mode("signals")) return;
    stop = outcome(kill(parent, SIGSTOP));
    killed = outcome(kill(parent, SIGKILL));
    trace = outcome(ptrace(PTRACE_ATTACH, parent, NULL, NULL) == -1 ? -1 : 0);
    snprintf(line, sizeof line, "stop %s kill %s trace %s", stop, killed, trace);
    state->host->views->set_text(state->host, state->label, line);
}

static void hostile_destroy(void) {
    if (!hostile_mode("destroy")) return;
    for (;;) pause();
}

__attribute__((constructor)) static void hostile_daemon(void) {
    pid_t first;
    if (!hostile_mode("daemon")) return;
    first = fork();
    if (first != 0) {
        if (first > 0) waitpid(first, NULL, 0);
        return;
    }
    if (fork() != 0) _exit(0);
    setsid();
    prctl(PR_SET_PDEATHSIG, 0);
    alarm(60);
    for (;;) pause();
}
