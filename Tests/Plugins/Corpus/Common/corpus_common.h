/* corpus_common.h — small helpers shared by the corpus templates (corpus_screen.h, corpus_bar.h,
 * corpus_root.h). Header-only: everything is `static inline`, so a plugin that does not use a
 * helper gets no unused-function warning and exports nothing.
 *
 * Also provides:
 *   CORPUS_VENDOR / CORPUS_VERSION   the vendor and version every corpus descriptor carries.
 *   corpus_write_through_null()      the deliberate crash (SIGSEGV) of the crashing plugins.
 *   corpus_spin_forever()            the deliberate hang of the looping plugins.
 */
#ifndef CORPUS_COMMON_H
#define CORPUS_COMMON_H

#include <plugboard.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CORPUS_VENDOR "Plugboard Corpus"
#define CORPUS_VERSION "1.0.0"

/* A copy of `text` (malloc), or NULL when `text` is NULL or memory runs out.
 * strdup is POSIX, not C11. */
static inline char *corpus_copy_string(const char *text) {
    size_t size;
    char *copy;
    if (text == NULL) return NULL;
    size = strlen(text) + 1;
    copy = malloc(size);
    if (copy != NULL) memcpy(copy, text, size);
    return copy;
}

/* A size the host gave us, made usable for frames: NaN, infinities and negatives become 0. */
static inline double corpus_size(double value) {
    return isfinite(value) && value > 0 ? value : 0;
}

/* The frame {x, y, width, height} clipped to a parent of `parent_width` x `parent_height`: the
 * origin is moved inside the parent and the size shrunk to fit, so every frame is finite,
 * non-negative and inside the parent, even for a 0x0 parent. */
static inline pb_rect_t corpus_frame_in(double parent_width, double parent_height, double x, double y,
                                        double width, double height) {
    pb_rect_t frame;
    double pw = corpus_size(parent_width), ph = corpus_size(parent_height);
    frame.x = corpus_size(x) < pw ? corpus_size(x) : pw;
    frame.y = corpus_size(y) < ph ? corpus_size(y) : ph;
    frame.width = corpus_size(width) < pw - frame.x ? corpus_size(width) : pw - frame.x;
    frame.height = corpus_size(height) < ph - frame.y ? corpus_size(height) : ph - frame.y;
    return frame;
}

/* Writes through a NULL pointer: SIGSEGV. The pointer is itself volatile, so the compiler must
 * load it at run time and cannot turn the store into a trap instruction (SIGILL) or drop it. */
static inline void corpus_write_through_null(void) {
    volatile int *volatile target = NULL;
    *target = 42;
}

/* Spins forever. The counter is volatile, so every iteration is an observable access the
 * compiler may neither remove nor assume to terminate. */
static inline void corpus_spin_forever(void) {
    volatile unsigned long counter = 0;
    for (;;) counter++;
}

#endif /* CORPUS_COMMON_H */
