/* cb_openssl_sha256_file: OpenSSL's SHA-256 of a file, read included (CBaselines.h). */
#define _GNU_SOURCE /* O_CLOEXEC */
#include "CBaselines.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

/* The six EVP functions used, as libcrypto 3 exports them (opaque pointers only). */
typedef struct {
    void *(*ctx_new)(void);
    void (*ctx_free)(void *ctx);
    const void *(*sha256)(void);
    int (*init)(void *ctx, const void *type, void *engine);
    int (*update)(void *ctx, const void *data, size_t count);
    int (*final)(void *ctx, unsigned char *digest, unsigned int *size);
} evp_t;

static bool load_evp(evp_t *evp) {
    static void *library = NULL;
    if (library == NULL) library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return false;
    *(void **)&evp->ctx_new = dlsym(library, "EVP_MD_CTX_new");
    *(void **)&evp->ctx_free = dlsym(library, "EVP_MD_CTX_free");
    *(void **)&evp->sha256 = dlsym(library, "EVP_sha256");
    *(void **)&evp->init = dlsym(library, "EVP_DigestInit_ex");
    *(void **)&evp->update = dlsym(library, "EVP_DigestUpdate");
    *(void **)&evp->final = dlsym(library, "EVP_DigestFinal_ex");
    return evp->ctx_new && evp->ctx_free && evp->sha256 && evp->init && evp->update && evp->final;
}

bool cb_openssl_sha256_file(const char *path, char *hex) {
    static evp_t evp;
    static bool loaded = false;
    if (!loaded && !(loaded = load_evp(&evp))) return false;
    int file = open(path, O_RDONLY | O_CLOEXEC);
    if (file < 0) return false;
    void *ctx = evp.ctx_new();
    bool ok = ctx != NULL && evp.init(ctx, evp.sha256(), NULL) == 1;
    static unsigned char buffer[64 * 1024];
    ssize_t count;
    while (ok && (count = read(file, buffer, sizeof buffer)) > 0) ok = evp.update(ctx, buffer, (size_t)count) == 1;
    unsigned char digest[32];
    unsigned int size = 0;
    ok = ok && count == 0 && evp.final(ctx, digest, &size) == 1 && size == 32;
    evp.ctx_free(ctx);
    close(file);
    for (unsigned index = 0; ok && index < 32; index++) snprintf(hex + 2 * index, 3, "%02x", digest[index]);
    return ok;
}
