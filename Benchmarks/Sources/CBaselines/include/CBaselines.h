/* Baselines measured in the same run as the host's own paths. */
#ifndef CBASELINES_H
#define CBASELINES_H

#include <stdbool.h>
#include <stdint.h>

/* Prepares one libffi call interface for `int32_t function(int32_t, int32_t)`. False when libffi
 * refuses it. */
bool cb_ffi_prepare(void *function);

/* One raw ffi_call of the prepared function: what the host's export path costs at the least. */
int32_t cb_ffi_call(int32_t a, int32_t b);

/* What loading a plugin library costs a C program: dlopen, dlsym of the entry, ABI check, init,
 * each factory, deinit (never dlclose: a library with Swift code cannot be unloaded). False
 * when any step fails. */
bool cb_load_library(const char *path);

#endif
