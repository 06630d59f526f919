#define _GNU_SOURCE /* unshare */
#include "plugboard_sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/memfd.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

int pb_fork_server_send(int socket, const void *bytes, size_t length, const int *descriptors, int count) {
    struct iovec part = {(void *)bytes, length};
    struct msghdr message;
    char control[CMSG_SPACE(sizeof(int) * PB_FORK_SERVER_MAX_DESCRIPTORS)];
    memset(&message, 0, sizeof message);
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    if (count > PB_FORK_SERVER_MAX_DESCRIPTORS) return EINVAL;
    if (count > 0) {
        struct cmsghdr *header;
        memset(control, 0, sizeof control);
        message.msg_control = control;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)count);
        header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)count);
        memcpy(CMSG_DATA(header), descriptors, sizeof(int) * (size_t)count);
    }
    while (sendmsg(socket, &message, MSG_NOSIGNAL) < 0) {
        if (errno != EINTR) return errno;
    }
    return 0;
}

long pb_fork_server_receive(int socket, void *buffer, size_t capacity, int *descriptors, int *count) {
    struct iovec part = {buffer, capacity};
    struct msghdr message;
    char control[CMSG_SPACE(sizeof(int) * PB_FORK_SERVER_MAX_DESCRIPTORS)];
    struct cmsghdr *header;
    ssize_t length;
    memset(&message, 0, sizeof message);
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    *count = 0;
    do {
        length = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    } while (length < 0 && errno == EINTR);
    if (length < 0) return -1;
    for (header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        int found = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        int *received = (int *)(void *)CMSG_DATA(header);
        for (int at = 0; at < found; at++) {
            if (*count < PB_FORK_SERVER_MAX_DESCRIPTORS) {
                descriptors[(*count)++] = received[at];
            } else {
                close(received[at]);
            }
        }
    }
    if (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
        errno = EMSGSIZE;
        return -1;
    }
    return (long)length;
}

int pb_fork_server_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 ? 0 : errno; }

int pb_fork_server_has_children(void) {
    int status;
    pid_t ended;
    while ((ended = waitpid(-1, &status, WNOHANG)) > 0) {
    }
    return ended == 0;
}

/* Kills (SIGKILL) and reaps each process whose parent is this one, found in /proc; returns how
 * many it found. */
static int pb_kill_children_once(void) {
    pid_t self = getpid(), killed[256];
    int count = 0;
    DIR *processes = opendir("/proc");
    if (processes == NULL) return 0;
    struct dirent *entry;
    while ((entry = readdir(processes)) != NULL && count < 256) {
        pid_t process = (pid_t)atoi(entry->d_name);
        char path[64], line[512];
        if (process <= 0) continue;
        snprintf(path, sizeof path, "/proc/%d/stat", (int)process);
        FILE *stat = fopen(path, "re");
        if (stat == NULL) continue;
        size_t length = fread(line, 1, sizeof line - 1, stat);
        fclose(stat);
        line[length] = '\0';
        /* "pid (name) state ppid ...": the name may hold anything, so read after its last ')'. */
        char *name_end = strrchr(line, ')'), state;
        int parent;
        if (name_end == NULL || sscanf(name_end + 1, " %c %d", &state, &parent) != 2 || parent != (int)self) continue;
        if (kill(process, SIGKILL) == 0) killed[count++] = process;
    }
    closedir(processes);
    for (int at = 0; at < count; at++) waitpid(killed[at], NULL, 0);
    return count;
}

void pb_fork_server_kill_children(void) {
    /* Again while any were found: a subreaper's orphaned descendants become its children as
     * their parents die. Bounded: each round kills a generation. */
    for (int round = 0; round < 64 && pb_kill_children_once() > 0; round++) {
    }
    while (waitpid(-1, NULL, WNOHANG) > 0) {
    }
}

pid_t pb_fork_server_fork(void) { return fork(); }

struct pb_fork_server_body {
    void (*body)(void *);
    void *context;
};

static void *pb_fork_server_thread(void *argument) {
    struct pb_fork_server_body *run = argument;
    run->body(run->context);
    return NULL;
}

int pb_fork_server_run_on_new_thread(void (*body)(void *), void *context) {
    struct pb_fork_server_body run = {body, context};
    pthread_t thread;
    int status = pthread_create(&thread, NULL, pb_fork_server_thread, &run);
    if (status != 0) return status;
    pthread_join(thread, NULL);
    return 0;
}

int pb_fork_server_scratch(const char *name, int append) {
    int descriptor = (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC);
    if (descriptor < 0) return -1;
    if (append && fcntl(descriptor, F_SETFL, O_APPEND) != 0) {
        int saved = errno;
        close(descriptor);
        errno = saved;
        return -1;
    }
    return descriptor;
}

int pb_fork_server_wait(pid_t child, int socket, int *status) {
    int descriptor = (int)syscall(SYS_pidfd_open, child, 0);
    struct pollfd watched[2] = {{socket, POLLIN, 0}, {descriptor, POLLIN, 0}};
    int outcome = 0;
    for (;;) {
        /* Without pidfd_open (Linux < 5.3) the child is asked for every 5 ms. */
        int ready = poll(watched, descriptor >= 0 ? 2 : 1, descriptor >= 0 ? -1 : 5);
        if (ready < 0 && errno != EINTR) {
            waitpid(child, status, 0);
            break;
        }
        if (ready > 0 && watched[0].revents != 0) {
            char request[8];
            ssize_t length = recv(socket, request, sizeof request, MSG_DONTWAIT);
            if (length == 0) { /* the parent is gone */
                kill(child, SIGKILL);
                outcome = 1;
                break;
            }
            if (length == 4 && memcmp(request, "kill", 4) == 0) kill(child, SIGKILL);
        }
        if (waitpid(child, status, WNOHANG) == child) break;
    }
    if (descriptor >= 0) close(descriptor);
    if (outcome == 1) waitpid(child, status, 0);
    return outcome;
}

int pb_sandbox_unshare_forked(void) {
    if (unshare(CLONE_NEWIPC) != 0) return errno;
    return 0;
}
