/* BrokenConstructorThread — keeps every promise of the header, but a constructor of the library
 * starts a thread that runs as long as the process: loading the library leaves the process with
 * two threads, and a process with threads must not fork. Expected: `plugboard check` runs its
 * tests in fresh processes (no fork server) and says so once; every test passes. */
#include <plugboard.h>
#include <pthread.h>
#include <unistd.h>

/* The thread: waits for the process to end. */
static void *wait_forever(void *unused) {
    (void)unused;
    for (;;) pause();
    return NULL;
}

__attribute__((constructor)) static void start_thread(void) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, wait_forever, NULL) == 0) pthread_detach(thread);
}

#define CORPUS_PLUGIN_ID "broken_constructor_thread"
#define CORPUS_PLUGIN_NAME "Broken Constructor Thread"
#define CORPUS_DESCRIPTION "a constructor starts a thread that never ends"
#include "../Common/corpus_screen.h"
