/* Privileges of the calling thread alone, for tests that must see what a user without root sees
 * though CI runs them as root (Swift cannot call the variadic syscall(), and the Glibc module has
 * no capability calls). */
#ifndef THREAD_PRIVILEGES_H
#define THREAD_PRIVILEGES_H

/* Takes from the calling thread's effective capabilities the three that let root past a file's
 * mode (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER): from then on the thread reads,
 * writes and enters only what the mode lets its owner. Other threads keep theirs; a thread made
 * for the test should end after it. Returns 0, or -1 with errno. */
int thread_drop_file_overrides(void);

#endif
