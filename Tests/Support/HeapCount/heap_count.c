#include "HeapCount.h"

#include <malloc.h>

size_t heap_bytes_in_use(void) { return mallinfo2().uordblks; }
