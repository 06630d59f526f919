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

/* What hashing a file costs with OpenSSL, as `openssl sha256 FILE` does it: open, read in 64 KiB
 * chunks, EVP SHA-256, close; the digest as 64 lowercase hex digits in `hex` (65 bytes). libcrypto
 * is opened at run time (dlopen "libcrypto.so.3"), so nothing needs its headers to build. False
 * when the file cannot be read or libcrypto is not there. */
bool cb_openssl_sha256_file(const char *path, char *hex);

#endif
