/* plugboard/macros.h — portability macros shared by every Plugboard header. */
#ifndef PLUGBOARD_MACROS_H
#define PLUGBOARD_MACROS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Marks the one symbol a plugin library exports: default visibility and C linkage. */
#if defined(_WIN32)
#define PB_EXPORT __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define PB_EXPORT __attribute__((visibility("default")))
#else
#define PB_EXPORT
#endif

#ifdef __cplusplus
#define PB_EXTERN_C_BEGIN extern "C" {
#define PB_EXTERN_C_END }
#else
#define PB_EXTERN_C_BEGIN
#define PB_EXTERN_C_END
#endif

/*
 * Thread tags, written on every function pointer of the ABI:
 *   [main-thread]  called on the host's UI thread only (the thread that loaded the plugin);
 *                  the host checks this in debug builds, like UIKit's main thread.
 *   [any-thread]   may be called from any thread, concurrently.
 */

#endif /* PLUGBOARD_MACROS_H */
