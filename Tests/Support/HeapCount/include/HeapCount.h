/* The heap in use, for the tests that check that nothing grows (glibc's malloc.h is not part of
 * Swift's Glibc module). */
#ifndef HEAP_COUNT_H
#define HEAP_COUNT_H

#include <stddef.h>

/* The bytes malloc has handed out and not had back, across all arenas (mallinfo2's uordblks):
 * each block counted at its chunk size (the request, a header word, rounded up to 16). */
size_t heap_bytes_in_use(void);

#endif
