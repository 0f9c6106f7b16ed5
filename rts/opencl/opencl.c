/* The OpenCL host runtime (opencl.h says what it does, how it fails, and holds the
 * Notes on the error buffer, the free list and the program cache).
 *
 * Functions that only talk to OpenCL return a cl_int and, where several calls could
 * have failed, the name of the one that did; the functions that the generated code
 * calls turn those into messages with rts_cl_fail. Releases on paths that are already
 * failing, or that fall back from the cache, are not reported: the first error is the
 * one that matters.
 */
#include "opencl.h"

#include <ctype.h>
#include <errno.h>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#define RTS_CL_POSIX 1
#endif

/* ------------------------------------------------------------ Errors */

/* The error codes of OpenCL 1.2 (cl.h), by name. */
#define RTS_CL_ERRORS(X)                                                                    \
  X(CL_SUCCESS) X(CL_DEVICE_NOT_FOUND) X(CL_DEVICE_NOT_AVAILABLE)                           \
  X(CL_COMPILER_NOT_AVAILABLE) X(CL_MEM_OBJECT_ALLOCATION_FAILURE) X(CL_OUT_OF_RESOURCES)   \
  X(CL_OUT_OF_HOST_MEMORY) X(CL_PROFILING_INFO_NOT_AVAILABLE) X(CL_MEM_COPY_OVERLAP)        \
  X(CL_IMAGE_FORMAT_MISMATCH) X(CL_IMAGE_FORMAT_NOT_SUPPORTED) X(CL_BUILD_PROGRAM_FAILURE)  \
  X(CL_MAP_FAILURE) X(CL_MISALIGNED_SUB_BUFFER_OFFSET)                                      \
  X(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) X(CL_COMPILE_PROGRAM_FAILURE)             \
  X(CL_LINKER_NOT_AVAILABLE) X(CL_LINK_PROGRAM_FAILURE) X(CL_DEVICE_PARTITION_FAILED)       \
  X(CL_KERNEL_ARG_INFO_NOT_AVAILABLE) X(CL_INVALID_VALUE) X(CL_INVALID_DEVICE_TYPE)         \
  X(CL_INVALID_PLATFORM) X(CL_INVALID_DEVICE) X(CL_INVALID_CONTEXT)                         \
  X(CL_INVALID_QUEUE_PROPERTIES) X(CL_INVALID_COMMAND_QUEUE) X(CL_INVALID_HOST_PTR)         \
  X(CL_INVALID_MEM_OBJECT) X(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR) X(CL_INVALID_IMAGE_SIZE)   \
  X(CL_INVALID_SAMPLER) X(CL_INVALID_BINARY) X(CL_INVALID_BUILD_OPTIONS)                    \
  X(CL_INVALID_PROGRAM) X(CL_INVALID_PROGRAM_EXECUTABLE) X(CL_INVALID_KERNEL_NAME)          \
  X(CL_INVALID_KERNEL_DEFINITION) X(CL_INVALID_KERNEL) X(CL_INVALID_ARG_INDEX)              \
  X(CL_INVALID_ARG_VALUE) X(CL_INVALID_ARG_SIZE) X(CL_INVALID_KERNEL_ARGS)                  \
  X(CL_INVALID_WORK_DIMENSION) X(CL_INVALID_WORK_GROUP_SIZE) X(CL_INVALID_WORK_ITEM_SIZE)   \
  X(CL_INVALID_GLOBAL_OFFSET) X(CL_INVALID_EVENT_WAIT_LIST) X(CL_INVALID_EVENT)             \
  X(CL_INVALID_OPERATION) X(CL_INVALID_GL_OBJECT) X(CL_INVALID_BUFFER_SIZE)                 \
  X(CL_INVALID_MIP_LEVEL) X(CL_INVALID_GLOBAL_WORK_SIZE) X(CL_INVALID_PROPERTY)             \
  X(CL_INVALID_IMAGE_DESCRIPTOR) X(CL_INVALID_COMPILER_OPTIONS) X(CL_INVALID_LINKER_OPTIONS) \
  X(CL_INVALID_DEVICE_PARTITION_COUNT)

/* The ICD loader's code for "no platform installed" (cl_ext.h's CL_PLATFORM_NOT_FOUND_KHR). */
#define RTS_CL_PLATFORM_NOT_FOUND (-1001)

static const char *rts_cl_error_name(cl_int err) {
  switch (err) {
#define RTS_CL_ERROR_CASE(name) \
  case name:                    \
    return #name;
    RTS_CL_ERRORS(RTS_CL_ERROR_CASE)
#undef RTS_CL_ERROR_CASE
  case RTS_CL_PLATFORM_NOT_FOUND:
    return "CL_PLATFORM_NOT_FOUND_KHR";
  default:
    return "CL_UNKNOWN_ERROR";
  }
}

/* The error's name for a message, with the number when the name is not known. */
static const char *rts_cl_error_text(cl_int err, char buf[32]) {
  const char *name = rts_cl_error_name(err);
  if (strcmp(name, "CL_UNKNOWN_ERROR") != 0) {
    return name;
  }
  snprintf(buf, 32, "CL_UNKNOWN_ERROR(%d)", (int)err);
  return buf;
}

/* "WHERE: " before "error:" in a message, or nothing: two arguments for "%s%s". */
#define RTS_CL_AT(where) ((where) != NULL ? (where) : ""), ((where) != NULL ? ": " : "")

static int rts_cl_fail(struct rts_context *ctx, cl_int err, const char *where,
                       const char *call, const char *fmt, ...) RTS_PRINTF(5, 6);

/* Stores "WHERE: error: WHAT: CALL returned CL_NAME" and returns RTS_OUT_OF_MEMORY when
 * memory ran out, else RTS_DEVICE_ERROR. */
static int rts_cl_fail(struct rts_context *ctx, cl_int err, const char *where,
                       const char *call, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *what = rts_vformat(fmt, ap);
  va_end(ap);
  char buf[32];
  int code = err == CL_MEM_OBJECT_ALLOCATION_FAILURE || err == CL_OUT_OF_HOST_MEMORY
                 ? RTS_OUT_OF_MEMORY
                 : RTS_DEVICE_ERROR;
  rts_error(ctx, code, "%s%serror: %s: %s returned %s", RTS_CL_AT(where),
            what != NULL ? what : "(out of memory)", call, rts_cl_error_text(err, buf));
  free(what);
  return code;
}

/* Keeps the first failure of a sequence of calls. */
static void rts_cl_keep_first(cl_int *first, const char **first_call, cl_int err,
                              const char *call) {
  if (*first == CL_SUCCESS && err != CL_SUCCESS) {
    *first = err;
    if (first_call != NULL) {
      *first_call = call;
    }
  }
}

/* ------------------------------------------------------------ Configuration */

static void rts_cl_config_init(struct rts_cl_config *cfg) {
  cfg->device = NULL;
  cfg->queue = NULL;
  cfg->cache = true;
  cfg->cache_dir = NULL;
  cfg->profiling = false;
  cfg->build_options = NULL;
}

static void rts_cl_config_release(struct rts_cl_config *cfg) {
  free(cfg->device);
  free(cfg->cache_dir);
  free(cfg->build_options);
  rts_cl_config_init(cfg);
}

static int rts_cl_config_set_string(char **field, const char *value) {
  char *copy = NULL;
  if (value != NULL && (copy = rts_strdup(value)) == NULL) {
    return RTS_OUT_OF_MEMORY;
  }
  free(*field);
  *field = copy;
  return RTS_SUCCESS;
}

static int rts_cl_config_set_device(struct rts_cl_config *cfg, const char *value) {
  return rts_cl_config_set_string(&cfg->device, value);
}

static int rts_cl_config_set_cache_dir(struct rts_cl_config *cfg, const char *value) {
  return rts_cl_config_set_string(&cfg->cache_dir, value);
}

static int rts_cl_config_set_build_options(struct rts_cl_config *cfg, const char *value) {
  return rts_cl_config_set_string(&cfg->build_options, value);
}

/* ------------------------------------------------------------ SHA-256 (FIPS 180-4) */

struct rts_sha256 {
  uint32_t state[8];
  uint64_t bytes;          /* hashed so far */
  unsigned char block[64]; /* a partial block */
  size_t used;
};

/* The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
static const uint32_t rts_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2};

static void rts_sha256_init(struct rts_sha256 *h) {
  /* The first 32 bits of the fractional parts of the square roots of the first 8 primes. */
  static const uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  memcpy(h->state, initial, sizeof initial);
  h->bytes = 0;
  h->used = 0;
}

static uint32_t rts_sha256_rotr(uint32_t x, int n) {
  return (x >> n) | (x << (32 - n));
}

/* The message schedule of one block (section 6.2.2, step 1). */
static void rts_sha256_schedule(uint32_t w[64], const unsigned char *p) {
  for (int t = 0; t < 16; t++) {
    w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 |
           (uint32_t)p[4 * t + 2] << 8 | (uint32_t)p[4 * t + 3];
  }
  for (int t = 16; t < 64; t++) {
    uint32_t s0 = rts_sha256_rotr(w[t - 15], 7) ^ rts_sha256_rotr(w[t - 15], 18) ^
                  (w[t - 15] >> 3);
    uint32_t s1 = rts_sha256_rotr(w[t - 2], 17) ^ rts_sha256_rotr(w[t - 2], 19) ^
                  (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
}

/* Hashes one 64-byte block into the state (section 6.2.2, steps 2-4); v holds the
 * working variables a..h. */
static void rts_sha256_block(uint32_t state[8], const unsigned char *p) {
  uint32_t w[64], v[8];
  rts_sha256_schedule(w, p);
  memcpy(v, state, sizeof v);
  for (int t = 0; t < 64; t++) {
    uint32_t a = v[0], e = v[4];
    uint32_t t1 = v[7] +
                  (rts_sha256_rotr(e, 6) ^ rts_sha256_rotr(e, 11) ^ rts_sha256_rotr(e, 25)) +
                  ((e & v[5]) ^ (~e & v[6])) + rts_sha256_k[t] + w[t];
    uint32_t t2 = (rts_sha256_rotr(a, 2) ^ rts_sha256_rotr(a, 13) ^ rts_sha256_rotr(a, 22)) +
                  ((a & v[1]) ^ (a & v[2]) ^ (v[1] & v[2]));
    memmove(v + 1, v, 7 * sizeof *v); /* h = g, ..., b = a */
    v[4] += t1;                       /* e = d + t1 */
    v[0] = t1 + t2;
  }
  for (int i = 0; i < 8; i++) {
    state[i] += v[i];
  }
}

static void rts_sha256_update(struct rts_sha256 *h, const void *data, size_t n) {
  const unsigned char *p = data;
  h->bytes += n;
  while (n > 0) {
    size_t take = 64 - h->used < n ? 64 - h->used : n;
    memcpy(h->block + h->used, p, take);
    h->used += take;
    p += take;
    n -= take;
    if (h->used == 64) {
      rts_sha256_block(h->state, h->block);
      h->used = 0;
    }
  }
}

static void rts_cl_put_u64(unsigned char *p, uint64_t x, bool big_endian) {
  for (int i = 0; i < 8; i++) {
    p[big_endian ? 7 - i : i] = (unsigned char)(x >> (8 * i));
  }
}

static uint64_t rts_cl_get_u64(const unsigned char *p) {
  uint64_t x = 0;
  for (int i = 7; i >= 0; i--) {
    x = x << 8 | p[i];
  }
  return x;
}

/* Pads the message (section 5.1.1) and writes the digest. */
static void rts_sha256_final(struct rts_sha256 *h, unsigned char digest[32]) {
  static const unsigned char padding[64] = {0x80};
  unsigned char length[8];
  rts_cl_put_u64(length, h->bytes * 8, true);
  rts_sha256_update(h, padding, (h->used < 56 ? 56 : 120) - h->used);
  rts_sha256_update(h, length, 8);
  for (int i = 0; i < 8; i++) {
    for (int j = 0; j < 4; j++) {
      digest[4 * i + j] = (unsigned char)(h->state[i] >> (24 - 8 * j));
    }
  }
}

static void rts_sha256(const void *data, size_t n, unsigned char digest[32]) {
  struct rts_sha256 h;
  rts_sha256_init(&h);
  rts_sha256_update(&h, data, n);
  rts_sha256_final(&h, digest);
}

/* Hashes a text (NULL as empty) after its length, so that no two lists of texts hash
 * alike. */
static void rts_sha256_text(struct rts_sha256 *h, const char *text) {
  size_t n = text != NULL ? strlen(text) : 0;
  unsigned char length[8];
  rts_cl_put_u64(length, n, false);
  rts_sha256_update(h, length, 8);
  rts_sha256_update(h, text != NULL ? text : "", n);
}

/* ------------------------------------------------------------ Devices */

/* A string of clGetPlatformInfo (when device is NULL) or clGetDeviceInfo, malloc'ed,
 * without trailing blanks (some drivers pad their names). */
static cl_int rts_cl_info_string(cl_platform_id platform, cl_device_id device, cl_uint what,
                                 char **out) {
  size_t size = 0;
  *out = NULL;
  cl_int err = device != NULL ? clGetDeviceInfo(device, what, 0, NULL, &size)
                              : clGetPlatformInfo(platform, what, 0, NULL, &size);
  char *text = err == CL_SUCCESS ? malloc(size + 1) : NULL;
  if (err == CL_SUCCESS && text == NULL) {
    err = CL_OUT_OF_HOST_MEMORY;
  }
  if (err == CL_SUCCESS) {
    err = device != NULL ? clGetDeviceInfo(device, what, size, text, NULL)
                         : clGetPlatformInfo(platform, what, size, text, NULL);
  }
  if (err != CL_SUCCESS) {
    free(text);
    return err;
  }
  text[size] = '\0';
  for (size_t n = strlen(text); n > 0 && isspace((unsigned char)text[n - 1]); n--) {
    text[n - 1] = '\0';
  }
  *out = text;
  return CL_SUCCESS;
}

/* Every device of every platform, in the order of rts_cl_list_devices. */
struct rts_cl_device_entry {
  cl_platform_id platform;
  cl_device_id device;
  cl_device_type type;
  char *name; /* "PLATFORM: DEVICE" */
};

struct rts_cl_device_list {
  struct rts_cl_device_entry *entries;
  int count;
  const char *failed_call; /* the call that failed, when one did */
};

static void rts_cl_free_device_list(struct rts_cl_device_list *list) {
  for (int i = 0; i < list->count; i++) {
    free(list->entries[i].name);
  }
  free(list->entries);
  list->entries = NULL;
  list->count = 0;
}

/* "PLATFORM: DEVICE", malloc'ed; NULL when out of memory. */
static char *rts_cl_join_name(const char *platform, const char *device) {
  size_t np = strlen(platform), nd = strlen(device);
  char *name = malloc(np + nd + 3);
  if (name != NULL) {
    memcpy(name, platform, np);
    memcpy(name + np, ": ", 2);
    memcpy(name + np + 2, device, nd + 1);
  }
  return name;
}

/* Appends one device to the list. */
static cl_int rts_cl_add_device(struct rts_cl_device_list *list, cl_platform_id platform,
                                const char *platform_name, cl_device_id device) {
  struct rts_cl_device_entry *e = &list->entries[list->count];
  char *device_name = NULL;
  list->failed_call = "clGetDeviceInfo";
  cl_int err = clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof e->type, &e->type, NULL);
  if (err == CL_SUCCESS) {
    err = rts_cl_info_string(NULL, device, CL_DEVICE_NAME, &device_name);
  }
  if (err == CL_SUCCESS && (e->name = rts_cl_join_name(platform_name, device_name)) == NULL) {
    err = CL_OUT_OF_HOST_MEMORY;
  }
  free(device_name);
  if (err == CL_SUCCESS) {
    e->platform = platform;
    e->device = device;
    list->count++;
  }
  return err;
}

/* Appends the devices of one platform; a platform without devices adds none. */
static cl_int rts_cl_add_platform(struct rts_cl_device_list *list, cl_platform_id platform) {
  cl_uint n = 0;
  list->failed_call = "clGetDeviceIDs";
  cl_int err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, &n);
  if (err == CL_DEVICE_NOT_FOUND || (err == CL_SUCCESS && n == 0)) {
    return CL_SUCCESS;
  }
  cl_device_id *devices = err == CL_SUCCESS ? malloc(n * sizeof *devices) : NULL;
  struct rts_cl_device_entry *grown =
      devices != NULL ? realloc(list->entries, (list->count + n) * sizeof *grown) : NULL;
  if (err == CL_SUCCESS && grown == NULL) {
    err = CL_OUT_OF_HOST_MEMORY;
  }
  if (grown != NULL) {
    list->entries = grown;
    err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, n, devices, NULL);
  }
  char *platform_name = NULL;
  if (err == CL_SUCCESS) {
    list->failed_call = "clGetPlatformInfo";
    err = rts_cl_info_string(platform, NULL, CL_PLATFORM_NAME, &platform_name);
  }
  for (cl_uint i = 0; err == CL_SUCCESS && i < n; i++) {
    err = rts_cl_add_device(list, platform, platform_name, devices[i]);
  }
  free(platform_name);
  free(devices);
  return err;
}

/* Lists every device; on failure, list->failed_call names the call that failed. */
static cl_int rts_cl_enumerate(struct rts_cl_device_list *list) {
  cl_uint n = 0;
  list->entries = NULL;
  list->count = 0;
  list->failed_call = "clGetPlatformIDs";
  cl_int err = clGetPlatformIDs(0, NULL, &n);
  if (err != CL_SUCCESS || n == 0) {
    return err;
  }
  cl_platform_id *platforms = malloc(n * sizeof *platforms);
  err = platforms != NULL ? clGetPlatformIDs(n, platforms, NULL) : CL_OUT_OF_HOST_MEMORY;
  for (cl_uint i = 0; err == CL_SUCCESS && i < n; i++) {
    err = rts_cl_add_platform(list, platforms[i]);
  }
  free(platforms);
  return err;
}

static const char *rts_cl_type_name(cl_device_type type) {
  if (type & CL_DEVICE_TYPE_GPU) {
    return "GPU";
  } else if (type & CL_DEVICE_TYPE_CPU) {
    return "CPU";
  } else if (type & CL_DEVICE_TYPE_ACCELERATOR) {
    return "accelerator";
  } else if (type & CL_DEVICE_TYPE_CUSTOM) {
    return "custom";
  }
  return "other";
}

/* Prints one line of rts_cl_list_devices. */
static cl_int rts_cl_print_device(FILE *out, int index, const struct rts_cl_device_entry *e) {
  cl_uint units = 0;
  cl_ulong global = 0, local = 0;
  size_t group = 0;
  cl_int err = clGetDeviceInfo(e->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units,
                               NULL);
  if (err == CL_SUCCESS) {
    err = clGetDeviceInfo(e->device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof global, &global, NULL);
  }
  if (err == CL_SUCCESS) {
    err = clGetDeviceInfo(e->device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, NULL);
  }
  if (err == CL_SUCCESS) {
    err = clGetDeviceInfo(e->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof group, &group, NULL);
  }
  if (err == CL_SUCCESS) {
    fprintf(out,
            "#%d: %s (%s; %u compute units; %llu MiB global, %llu KiB local memory; "
            "work-groups up to %llu)\n",
            index, e->name, rts_cl_type_name(e->type), (unsigned)units,
            (unsigned long long)(global >> 20), (unsigned long long)(local >> 10),
            (unsigned long long)group);
  }
  return err;
}

static cl_int rts_cl_list_devices(FILE *out) {
  struct rts_cl_device_list list;
  cl_int err = rts_cl_enumerate(&list);
  for (int i = 0; err == CL_SUCCESS && i < list.count; i++) {
    err = rts_cl_print_device(out, i, &list.entries[i]);
  }
  rts_cl_free_device_list(&list);
  return err;
}

/* Whether `part` occurs in `text`, ignoring case. */
static bool rts_cl_contains_nocase(const char *text, const char *part) {
  size_t n = strlen(part);
  for (; *text != '\0'; text++) {
    size_t i = 0;
    while (i < n && tolower((unsigned char)text[i]) == tolower((unsigned char)part[i])) {
      i++;
    }
    if (i == n) {
      return true;
    }
  }
  return n == 0;
}

/* The device that "#N" names, or -1. */
static int rts_cl_pick_index(const struct rts_cl_device_list *list, const char *digits) {
  long index = 0;
  for (const char *p = digits; *p != '\0'; p++) {
    if (!isdigit((unsigned char)*p) || index > list->count) {
      return -1;
    }
    index = index * 10 + (*p - '0');
  }
  return *digits != '\0' && index < list->count ? (int)index : -1;
}

/* The index of the device that `name` picks (see struct rts_cl_config), or -1. */
static int rts_cl_pick(const struct rts_cl_device_list *list, const char *name) {
  if (name == NULL || *name == '\0') {
    for (int i = 0; i < list->count; i++) {
      if (list->entries[i].type & CL_DEVICE_TYPE_GPU) {
        return i;
      }
    }
    return list->count > 0 ? 0 : -1;
  }
  if (name[0] == '#') {
    return rts_cl_pick_index(list, name + 1);
  }
  for (int i = 0; i < list->count; i++) {
    if (rts_cl_contains_nocase(list->entries[i].name, name)) {
      return i;
    }
  }
  return -1;
}

/* The message when no device fits: what exists, one line each. */
static int rts_cl_no_device(struct rts_context *ctx, const struct rts_cl_device_list *list,
                            const char *name) {
  if (list->count == 0) {
    return rts_error(ctx, RTS_DEVICE_ERROR, "error: the OpenCL platforms have no devices");
  }
  rts_error(ctx, RTS_DEVICE_ERROR, "error: no OpenCL device matches \"%s\"; the devices are:",
            name != NULL ? name : "");
  for (int i = 0; i < list->count; i++) {
    rts_error(ctx, RTS_DEVICE_ERROR, "  #%d: %s (%s)", i, list->entries[i].name,
              rts_cl_type_name(list->entries[i].type));
  }
  return RTS_DEVICE_ERROR;
}

/* Sets cl->platform and cl->device to the device that `name` picks. */
static int rts_cl_choose_device(struct rts_context *ctx, struct rts_cl *cl, const char *name) {
  struct rts_cl_device_list list;
  int status = RTS_SUCCESS;
  cl_int err = rts_cl_enumerate(&list);
  if (err == RTS_CL_PLATFORM_NOT_FOUND || (err == CL_SUCCESS && list.count == 0)) {
    status = rts_error(ctx, RTS_DEVICE_ERROR, "error: no OpenCL platform is installed");
  } else if (err != CL_SUCCESS) {
    status = rts_cl_fail(ctx, err, NULL, list.failed_call, "listing the OpenCL devices");
  } else {
    int i = rts_cl_pick(&list, name);
    if (i < 0) {
      status = rts_cl_no_device(ctx, &list, name);
    } else {
      cl->platform = list.entries[i].platform;
      cl->device = list.entries[i].device;
    }
  }
  rts_cl_free_device_list(&list);
  return status;
}

/* Reads the names and sizes of cl->device (struct rts_cl). */
static int rts_cl_read_facts(struct rts_context *ctx, struct rts_cl *cl) {
  cl_int err = CL_SUCCESS;
  const char *call = NULL;
  cl_device_id d = cl->device;
  rts_cl_keep_first(&err, &call, rts_cl_info_string(cl->platform, NULL, CL_PLATFORM_NAME,
                                                    &cl->platform_name), "clGetPlatformInfo");
  rts_cl_keep_first(&err, &call, rts_cl_info_string(cl->platform, NULL, CL_PLATFORM_VERSION,
                                                    &cl->platform_version), "clGetPlatformInfo");
  rts_cl_keep_first(&err, &call, rts_cl_info_string(NULL, d, CL_DEVICE_NAME, &cl->device_name),
                    "clGetDeviceInfo");
  rts_cl_keep_first(&err, &call, rts_cl_info_string(NULL, d, CL_DEVICE_VERSION,
                                                    &cl->device_version), "clGetDeviceInfo");
  rts_cl_keep_first(&err, &call, rts_cl_info_string(NULL, d, CL_DRIVER_VERSION,
                                                    &cl->driver_version), "clGetDeviceInfo");
#define RTS_CL_FACT(what, field)                                                             \
  rts_cl_keep_first(&err, &call, clGetDeviceInfo(d, what, sizeof cl->field, &cl->field, NULL), \
                    "clGetDeviceInfo")
  RTS_CL_FACT(CL_DEVICE_TYPE, device_type);
  RTS_CL_FACT(CL_DEVICE_LOCAL_MEM_SIZE, local_mem_size);
  RTS_CL_FACT(CL_DEVICE_GLOBAL_MEM_SIZE, global_mem_size);
  RTS_CL_FACT(CL_DEVICE_MAX_MEM_ALLOC_SIZE, max_alloc_size);
  RTS_CL_FACT(CL_DEVICE_MAX_WORK_GROUP_SIZE, max_work_group_size);
  RTS_CL_FACT(CL_DEVICE_MAX_COMPUTE_UNITS, compute_units);
#undef RTS_CL_FACT
  if (err != CL_SUCCESS) {
    return rts_cl_fail(ctx, err, NULL, call, "reading what the OpenCL device is");
  }
  return RTS_SUCCESS;
}

/* Makes the runtime's own context and in-order queue on cl->device. */
static int rts_cl_make_queue(struct rts_context *ctx, struct rts_cl *cl, bool profiling) {
  cl_context_properties properties[3] = {CL_CONTEXT_PLATFORM,
                                         (cl_context_properties)cl->platform, 0};
  cl_int err;
  cl->owns_queue = true;
  cl->context = clCreateContext(properties, 1, &cl->device, NULL, NULL, &err);
  if (err != CL_SUCCESS) {
    cl->context = NULL;
    return rts_cl_fail(ctx, err, NULL, "clCreateContext", "creating an OpenCL context on %s",
                       cl->device_name);
  }
  cl->queue = clCreateCommandQueue(cl->context, cl->device,
                                   profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &err);
  if (err != CL_SUCCESS) {
    cl->queue = NULL;
    return rts_cl_fail(ctx, err, NULL, "clCreateCommandQueue",
                       "creating a command queue on %s", cl->device_name);
  }
  cl->profiling = profiling;
  return RTS_SUCCESS;
}

/* Takes the application's queue, and its context, device and platform. */
static int rts_cl_adopt_queue(struct rts_context *ctx, struct rts_cl *cl,
                              cl_command_queue queue, bool profiling) {
  cl_command_queue_properties properties = 0;
  cl_int err = CL_SUCCESS;
  const char *call = NULL;
  rts_cl_keep_first(&err, &call, clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE,
                                                       sizeof cl->device, &cl->device, NULL),
                    "clGetCommandQueueInfo");
  rts_cl_keep_first(&err, &call, clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT,
                                                       sizeof cl->context, &cl->context, NULL),
                    "clGetCommandQueueInfo");
  rts_cl_keep_first(&err, &call, clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES,
                                                       sizeof properties, &properties, NULL),
                    "clGetCommandQueueInfo");
  if (err == CL_SUCCESS) {
    rts_cl_keep_first(&err, &call, clGetDeviceInfo(cl->device, CL_DEVICE_PLATFORM,
                                                   sizeof cl->platform, &cl->platform, NULL),
                      "clGetDeviceInfo");
  }
  if (err != CL_SUCCESS) {
    return rts_cl_fail(ctx, err, NULL, call, "examining the application's command queue");
  }
  if (properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT,
                     "error: the application's command queue runs commands out of order; "
                     "Prism needs an in-order queue");
  }
  cl->owns_queue = false;
  cl->queue = queue;
  cl->profiling = profiling && (properties & CL_QUEUE_PROFILING_ENABLE) != 0;
  return RTS_SUCCESS;
}

/* Chooses the device, reads its facts, and makes or takes the queue. */
static int rts_cl_setup_device(struct rts_context *ctx, struct rts_cl *cl,
                               const struct rts_cl_config *cfg) {
  int status;
  if (cfg->queue != NULL) {
    status = rts_cl_adopt_queue(ctx, cl, cfg->queue, cfg->profiling);
    return status == RTS_SUCCESS ? rts_cl_read_facts(ctx, cl) : status;
  }
  status = rts_cl_choose_device(ctx, cl, cfg->device);
  if (status == RTS_SUCCESS) {
    status = rts_cl_read_facts(ctx, cl);
  }
  return status == RTS_SUCCESS ? rts_cl_make_queue(ctx, cl, cfg->profiling) : status;
}

/* ------------------------------------------------------------ The program cache */

/* The cache file's layout (Note [program cache]): magic, key, binary length
 * (little-endian), SHA-256 of the binary, then the binary. */
#define RTS_CL_CACHE_MAGIC "PRISMCL1"
#define RTS_CL_CACHE_HEADER (8 + 32 + 8 + 32)
/* A larger binary than this in a cache file means the file is damaged. */
#define RTS_CL_CACHE_MAX_BINARY ((uint64_t)1 << 31)

/* Whether the configuration and the environment (PRISM_CACHE) allow the cache. */
static bool rts_cl_cache_enabled(const struct rts_cl_config *cfg) {
  const char *env = getenv("PRISM_CACHE");
  if (env != NULL && (strcmp(env, "0") == 0 || strcmp(env, "off") == 0 ||
                      strcmp(env, "no") == 0 || strcmp(env, "false") == 0)) {
    return false;
  }
  return cfg->cache;
}

/* a followed by b, malloc'ed; NULL when out of memory. */
static char *rts_cl_concat(const char *a, const char *b) {
  size_t na = strlen(a), nb = strlen(b);
  char *text = malloc(na + nb + 1);
  if (text != NULL) {
    memcpy(text, a, na);
    memcpy(text + na, b, nb + 1);
  }
  return text;
}

/* The cache's directory, malloc'ed, or NULL when there is none. */
static char *rts_cl_cache_dir(const struct rts_cl_config *cfg) {
  const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  if (cfg->cache_dir != NULL) {
    return rts_strdup(cfg->cache_dir);
  } else if (xdg != NULL && xdg[0] != '\0') {
    return rts_cl_concat(xdg, "/prism");
  } else if (home != NULL && home[0] != '\0') {
    return rts_cl_concat(home, "/.cache/prism");
  }
  return NULL;
}

/* The key of a program on the chosen device (Note [program cache]). */
static void rts_cl_cache_key(const struct rts_cl *cl, const char *source, const char *options,
                             unsigned char key[32]) {
  struct rts_sha256 h;
  rts_sha256_init(&h);
  rts_sha256_text(&h, "prism opencl cache 1");
  rts_sha256_text(&h, source);
  rts_sha256_text(&h, options);
  rts_sha256_text(&h, cl->platform_name);
  rts_sha256_text(&h, cl->platform_version);
  rts_sha256_text(&h, cl->device_name);
  rts_sha256_text(&h, cl->device_version);
  rts_sha256_text(&h, cl->driver_version);
  rts_sha256_final(&h, key);
}

/* DIR/KEY.bin, malloc'ed; NULL when out of memory. */
static char *rts_cl_cache_path(const char *dir, const unsigned char key[32]) {
  char name[1 + 64 + 4 + 1];
  name[0] = '/';
  for (int i = 0; i < 32; i++) {
    snprintf(name + 1 + 2 * i, 3, "%02x", key[i]);
  }
  memcpy(name + 65, ".bin", 5);
  return rts_cl_concat(dir, name);
}

/* Reads the binary of a cache file after checking its header against the key, its
 * length and its hash; NULL when the file is missing, damaged or another key's. */
static unsigned char *rts_cl_cache_read(const char *path, const unsigned char key[32],
                                        size_t *size) {
  unsigned char header[RTS_CL_CACHE_HEADER], digest[32];
  unsigned char *binary = NULL;
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return NULL;
  }
  uint64_t n = 0;
  if (fread(header, 1, sizeof header, f) == sizeof header &&
      memcmp(header, RTS_CL_CACHE_MAGIC, 8) == 0 && memcmp(header + 8, key, 32) == 0) {
    n = rts_cl_get_u64(header + 40);
  }
  if (n > 0 && n <= RTS_CL_CACHE_MAX_BINARY && n <= SIZE_MAX) {
    binary = malloc((size_t)n);
  }
  if (binary != NULL && (fread(binary, 1, (size_t)n, f) != n || fgetc(f) != EOF)) {
    free(binary);
    binary = NULL;
  }
  fclose(f);
  if (binary != NULL) {
    rts_sha256(binary, (size_t)n, digest);
    if (memcmp(digest, header + 48, 32) != 0) {
      free(binary);
      return NULL;
    }
  }
  *size = (size_t)n;
  return binary;
}

/* Builds *out from a cached binary; false (with nothing made) when there is no usable
 * one. */
static bool rts_cl_build_cached(const struct rts_cl *cl, const char *path,
                                const unsigned char key[32], const char *options,
                                cl_program *out) {
  size_t size = 0;
  unsigned char *binary = rts_cl_cache_read(path, key, &size);
  if (binary == NULL) {
    return false;
  }
  const unsigned char *binaries[1] = {binary};
  cl_int status = CL_SUCCESS, err;
  cl_program program =
      clCreateProgramWithBinary(cl->context, 1, &cl->device, &size, binaries, &status, &err);
  free(binary);
  if (err != CL_SUCCESS) {
    return false;
  }
  if (status == CL_SUCCESS) {
    err = clBuildProgram(program, 1, &cl->device, options, NULL, NULL);
  }
  if (status != CL_SUCCESS || err != CL_SUCCESS) {
    (void)clReleaseProgram(program); /* falling back to the source */
    return false;
  }
  *out = program;
  return true;
}

/* The program's binary for cl->device, malloc'ed; NULL when OpenCL has none for us. */
static unsigned char *rts_cl_program_binary(const struct rts_cl *cl, cl_program program,
                                            size_t *size) {
  cl_uint n = 0;
  cl_int err = clGetProgramInfo(program, CL_PROGRAM_NUM_DEVICES, sizeof n, &n, NULL);
  cl_device_id *devices = err == CL_SUCCESS && n > 0 ? malloc(n * sizeof *devices) : NULL;
  size_t *sizes = devices != NULL ? malloc(n * sizeof *sizes) : NULL;
  unsigned char **binaries = sizes != NULL ? malloc(n * sizeof *binaries) : NULL;
  unsigned char *binary = NULL;
  if (binaries != NULL &&
      clGetProgramInfo(program, CL_PROGRAM_DEVICES, n * sizeof *devices, devices, NULL) ==
          CL_SUCCESS &&
      clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, n * sizeof *sizes, sizes, NULL) ==
          CL_SUCCESS) {
    for (cl_uint i = 0; i < n; i++) {
      binaries[i] = NULL; /* OpenCL skips the binaries of other devices */
      if (devices[i] == cl->device && sizes[i] > 0 && binary == NULL) {
        binaries[i] = binary = malloc(sizes[i]);
        *size = sizes[i];
      }
    }
  }
  if (binary != NULL && clGetProgramInfo(program, CL_PROGRAM_BINARIES,
                                         n * sizeof *binaries, binaries, NULL) != CL_SUCCESS) {
    free(binary);
    binary = NULL;
  }
  free(binaries);
  free(sizes);
  free(devices);
  return binary;
}

/* Creates every missing directory of `path` (mkdir -p); false on failure. */
static bool rts_cl_make_dirs(const char *path) {
#ifdef RTS_CL_POSIX
  char *copy = rts_strdup(path);
  bool ok = copy != NULL;
  for (char *p = copy + (ok ? 1 : 0); ok; p++) {
    if (*p == '/' || *p == '\0') {
      char saved = *p;
      *p = '\0';
      ok = mkdir(copy, 0700) == 0 || errno == EEXIST;
      *p = saved;
      if (saved == '\0') {
        break;
      }
    }
  }
  free(copy);
  return ok;
#else
  (void)path;
  return true; /* the directory must exist already */
#endif
}

/* Writes a cache file's header and binary to `f`; false on failure. */
static bool rts_cl_cache_write(FILE *f, const unsigned char key[32],
                               const unsigned char *binary, size_t size) {
  unsigned char header[RTS_CL_CACHE_HEADER];
  memcpy(header, RTS_CL_CACHE_MAGIC, 8);
  memcpy(header + 8, key, 32);
  rts_cl_put_u64(header + 40, size, false);
  rts_sha256(binary, size, header + 48);
  return fwrite(header, 1, sizeof header, f) == sizeof header &&
         fwrite(binary, 1, size, f) == size;
}

/* Writes the program's binary to the cache under a temporary name, then renames it into
 * place; failures leave no file behind and are not reported. */
static void rts_cl_cache_store(const struct rts_cl *cl, cl_program program, const char *dir,
                               const char *path, const unsigned char key[32]) {
  size_t size = 0;
  unsigned char *binary = rts_cl_program_binary(cl, program, &size);
  char suffix[32];
#ifdef RTS_CL_POSIX
  snprintf(suffix, sizeof suffix, ".%ld.tmp", (long)getpid());
#else
  snprintf(suffix, sizeof suffix, ".tmp");
#endif
  char *temp = binary != NULL && rts_cl_make_dirs(dir) ? rts_cl_concat(path, suffix) : NULL;
  FILE *f = temp != NULL ? fopen(temp, "wb") : NULL;
  if (f != NULL) {
    bool written = rts_cl_cache_write(f, key, binary, size);
    if (fclose(f) != 0 || !written || rename(temp, path) != 0) {
      remove(temp);
    }
  }
  free(temp);
  free(binary);
}

/* ------------------------------------------------------------ Building */

/* The build log of the program for cl->device, malloc'ed; NULL when there is none. */
static char *rts_cl_build_log(const struct rts_cl *cl, cl_program program) {
  size_t size = 0;
  if (clGetProgramBuildInfo(program, cl->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) !=
          CL_SUCCESS ||
      size == 0) {
    return NULL;
  }
  char *log = malloc(size + 1);
  if (log != NULL && clGetProgramBuildInfo(program, cl->device, CL_PROGRAM_BUILD_LOG,
                                           size, log, NULL) != CL_SUCCESS) {
    free(log);
    return NULL;
  }
  if (log != NULL) {
    log[size] = '\0';
    for (size_t n = strlen(log); n > 0 && isspace((unsigned char)log[n - 1]); n--) {
      log[n - 1] = '\0';
    }
  }
  return log;
}

/* Builds *out from source; on failure *out is NULL or a program that the caller
 * releases. */
static int rts_cl_build_source(struct rts_context *ctx, const struct rts_cl *cl,
                               const char *source, const char *options, cl_program *out,
                               const char *where) {
  cl_int err;
  size_t length = strlen(source);
  *out = clCreateProgramWithSource(cl->context, 1, &source, &length, &err);
  if (err != CL_SUCCESS) {
    *out = NULL;
    return rts_cl_fail(ctx, err, where, "clCreateProgramWithSource",
                       "loading the OpenCL program");
  }
  err = clBuildProgram(*out, 1, &cl->device, options, NULL, NULL);
  if (err == CL_SUCCESS) {
    return RTS_SUCCESS;
  }
  char *log = rts_cl_build_log(cl, *out);
  int code = rts_cl_fail(ctx, err, where, "clBuildProgram",
                         "building the OpenCL program for %s", cl->device_name);
  rts_error(ctx, code, "the build log:\n%s", log != NULL && log[0] != '\0' ? log : "(empty)");
  free(log);
  return code;
}

/* Builds the program into *out, with the build options `more` before the
 * configuration's: from the cache when it has it (*cached is then true), else from
 * source, then caching the binary (Note [program cache]). `where` is the source
 * location of the launch that needs it, or NULL. */
static int rts_cl_build(struct rts_context *ctx, const struct rts_cl *cl,
                        const struct rts_cl_config *cfg, const char *source,
                        const char *more, cl_program *out, bool *cached, const char *where) {
  /* f32 division and square root correctly rounded where the device can (OpenCL 1.2
   * allows them 2.5 and 3 ulp otherwise), as in C; the configuration's options after. */
  cl_device_fp_config fp = 0;
  if (clGetDeviceInfo(cl->device, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fp, &fp, NULL) !=
      CL_SUCCESS) {
    fp = 0;
  }
  const char *rounded =
      (fp & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0 ? "-cl-fp32-correctly-rounded-divide-sqrt "
                                                       : "";
  /* PoCL mishandles volatile __local variables across barriers, and element loops
   * whose trip count depends on the local id before a loop with barriers (prelude.cl;
   * Note [uniform element loops] in src/backend_opencl/cl_group.c). */
  bool pocl = cl->platform_name != NULL &&
              strstr(cl->platform_name, "Portable Computing Language") != NULL;
  const char *quirks = pocl ? "-DRTS_FLAG_QUALIFIER= -DRTS_UNIFORM_ELEMENT_LOOPS " : "";
  /* The host's work-group size and staged elements per work-item (mirror.h, which
   * generated programs paste before this file), for a program compiled with others.
   * PoCL keeps a work-item's private values that live across a barrier in arrays of
   * the whole work-group on its worker thread's stack (8 MiB), padded per work-item,
   * and staging made a pass 26 times slower there than the copy it saves: PoCL stages
   * only in a program compiled with -DRTS_STAGE_TRIPS (the tests), and then at most
   * 2048 elements per work-group (8 elements in groups of 1024 overflowed the stack)
   * and never one alone per work-item (PoCL 3.1 gave work-item 0 wrong values with one;
   * Note [staged scatters] in src/lower/kernels.c). */
  char group[64] = "";
#ifdef RTS_GROUP
  int trips = pocl && RTS_STAGE_TRIPS_DEFAULT ? 0 : RTS_STAGE_TRIPS;
  if (pocl && trips > 0) {
    trips = trips * RTS_GROUP > 2048 ? 2048 / RTS_GROUP : trips;
    trips = trips < 2 ? 2 : trips;
  }
  snprintf(group, sizeof group, "-DRTS_GROUP=%d -DRTS_STAGE_TRIPS=%d ", (int)RTS_GROUP, trips);
#endif
  const char *extra = cfg->build_options != NULL ? cfg->build_options : "";
  char *options = malloc(strlen(rounded) + strlen(quirks) + strlen(group) + strlen(more) +
                         strlen(extra) + 1);
  if (options == NULL) {
    return rts_error(ctx, RTS_OUT_OF_MEMORY, "error: out of memory building the kernels");
  }
  strcpy(options, rounded);
  strcat(options, quirks);
  strcat(options, group);
  strcat(options, more);
  strcat(options, extra);
  unsigned char key[32];
  char *dir = rts_cl_cache_enabled(cfg) ? rts_cl_cache_dir(cfg) : NULL;
  char *path = NULL;
  if (dir != NULL) {
    rts_cl_cache_key(cl, source, options, key);
    path = rts_cl_cache_path(dir, key);
  }
  int status = RTS_SUCCESS;
  *cached = path != NULL && rts_cl_build_cached(cl, path, key, options, out);
  if (!*cached) {
    status = rts_cl_build_source(ctx, cl, source, options, out, where);
    if (status == RTS_SUCCESS && path != NULL) {
      rts_cl_cache_store(cl, *out, dir, path, key);
    }
  }
  free(path);
  free(dir);
  free(options);
  return status;
}

/* ------------------------------------------------------------ Init and release */

/* Note [kernels built alone]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * The kernels that lowering specialises (group code: `specialised` in the kernel IR,
 * src/lower/kernel.h) are a program's large ones, and a launch takes one of a group
 * kernel's three versions (packed, local, global: KIR_FITS_LOCAL in src/lower/kernel.h).
 * They are left out of the program that rts_cl_init builds: the
 * generated source guards each with RTS_ONLY_<name> (src/backend_opencl/cl_args.c), and
 * the first use of one builds it alone, with -DRTS_ONLY -DRTS_ONLY_<name> (and
 * RTS_WIDE_INDEX for its wide version), cached on disk like the program (Note [program
 * cache]). The other kernels are guarded by `!defined(RTS_ONLY)` as well, so that such
 * a build holds the one kernel. A process then compiles the group kernels it launches,
 * not all that the program has: a program with a dozen FFTs whose sizes take one
 * version each builds a third of its group code. The cost is a build per such kernel
 * launched, where the device's compiler has a fixed cost per build. A build that fails
 * reports its log at that launch, with the launch's source location.
 */

static int rts_cl_make_kernels(struct rts_context *ctx, struct rts_cl *cl,
                               const char *const *names, const bool *alone, int count) {
  if (count == 0) {
    return RTS_SUCCESS;
  }
  cl->kernels = calloc(2 * (size_t)count, sizeof *cl->kernels);
  cl->alone_programs = calloc(2 * (size_t)count, sizeof *cl->alone_programs);
  cl->alone = calloc((size_t)count, sizeof *cl->alone);
  cl->kernel_names = calloc((size_t)count, sizeof *cl->kernel_names);
  cl->stats = calloc(3 * (size_t)count, sizeof *cl->stats); /* narrow, wide, specialised */
  cl->spec_use = calloc((size_t)count, sizeof *cl->spec_use);
  if (cl->kernels == NULL || cl->alone_programs == NULL || cl->alone == NULL ||
      cl->kernel_names == NULL || cl->stats == NULL || cl->spec_use == NULL) {
    return rts_error(ctx, RTS_OUT_OF_MEMORY, "error: out of memory making the OpenCL kernels");
  }
  cl->kernel_count = count;
  for (int i = 0; i < count; i++) {
    cl_int err;
    if ((cl->kernel_names[i] = rts_strdup(names[i])) == NULL) {
      return rts_error(ctx, RTS_OUT_OF_MEMORY, "error: out of memory making the OpenCL kernels");
    }
    cl->alone[i] = alone != NULL && alone[i];
    if (cl->alone[i]) {
      continue;
    }
    cl->kernels[i] = clCreateKernel(cl->program, names[i], &err);
    if (err != CL_SUCCESS) {
      cl->kernels[i] = NULL;
      return rts_cl_fail(ctx, err, NULL, "clCreateKernel", "making kernel %s", names[i]);
    }
  }
  return RTS_SUCCESS;
}

/* The error buffer, zeroed: the status words and a counter per kernel (Note [errbuf]). */
static int rts_cl_make_errbuf(struct rts_context *ctx, struct rts_cl *cl) {
  size_t words = RTS_CL_STATUS_WORDS + (size_t)cl->kernel_count;
  cl_int *zeros = calloc(words, sizeof *zeros), err;
  if (zeros == NULL) {
    return rts_error(ctx, RTS_OUT_OF_MEMORY, "error: out of memory making the error buffer");
  }
  cl->errbuf = clCreateBuffer(cl->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                              words * sizeof *zeros, zeros, &err);
  free(zeros);
  if (err != CL_SUCCESS) {
    cl->errbuf = NULL;
    return rts_cl_fail(ctx, err, NULL, "clCreateBuffer", "making the error buffer");
  }
  return RTS_SUCCESS;
}

/* Keeps the source and the build's configuration for the wide program. */
static int rts_cl_keep_build(struct rts_context *ctx, struct rts_cl *cl,
                             const struct rts_cl_config *cfg, const char *source) {
  cl->build_cfg.cache = cfg->cache;
  cl->build_cfg.profiling = cfg->profiling;
  if ((cl->source = rts_strdup(source)) == NULL ||
      rts_cl_config_set_cache_dir(&cl->build_cfg, cfg->cache_dir) != RTS_SUCCESS ||
      rts_cl_config_set_build_options(&cl->build_cfg, cfg->build_options) != RTS_SUCCESS) {
    return rts_error(ctx, RTS_OUT_OF_MEMORY, "error: out of memory building the kernels");
  }
  return RTS_SUCCESS;
}

/* Makes kernel `kernel` (narrow or wide: below 2 kernel_count) from its program,
 * building that first if it is not built yet: the wide program, or the kernel's own
 * (Note [kernels built alone]). */
static int rts_cl_make_kernel(struct rts_context *ctx, struct rts_cl *cl, int kernel,
                              const char *where) {
  int k = kernel % cl->kernel_count;
  bool wide = kernel >= cl->kernel_count;
  const char *name = cl->kernel_names[k];
  cl_program *program = cl->alone[k] ? &cl->alone_programs[kernel]
                        : wide       ? &cl->wide_program
                                     : &cl->program;
  if (*program == NULL) {
    char options[256];
    int used = cl->alone[k] ? snprintf(options, sizeof options, "-DRTS_ONLY -DRTS_ONLY_%s %s",
                                       name, wide ? "-DRTS_WIDE_INDEX " : "")
                            : snprintf(options, sizeof options, "-DRTS_WIDE_INDEX ");
    if (used <= 0 || (size_t)used >= sizeof options) {
      return rts_error(ctx, RTS_INVALID_ARGUMENT, "%s%serror: the kernel name %s is too long",
                       RTS_CL_AT(where), name);
    }
    bool cached;
    int status =
        rts_cl_build(ctx, cl, &cl->build_cfg, cl->source, options, program, &cached, where);
    if (status != RTS_SUCCESS) {
      if (*program != NULL) {
        (void)clReleaseProgram(*program); /* the build's error stands */
        *program = NULL;
      }
      return status;
    }
  }
  cl_int err;
  cl->kernels[kernel] = clCreateKernel(*program, name, &err);
  if (err != CL_SUCCESS) {
    cl->kernels[kernel] = NULL;
    return rts_cl_fail(ctx, err, where, "clCreateKernel", "making kernel %s%s", name,
                       wide ? " (wide)" : "");
  }
  return RTS_SUCCESS;
}

/* Kernel `kernel` of the program; for kernel_count + k, kernel k of the wide program;
 * each made on first use; for 2 kernel_count + k, kernel k as rts_cl_specialise chose
 * it last. */
static int rts_cl_kernel(struct rts_context *ctx, struct rts_cl *cl, int kernel,
                         cl_kernel *out, const char *where) {
  if (kernel >= 2 * cl->kernel_count) {
    *out = cl->specs[cl->spec_use[kernel - 2 * cl->kernel_count].current].object;
    return RTS_SUCCESS;
  }
  int status = cl->kernels[kernel] == NULL ? rts_cl_make_kernel(ctx, cl, kernel, where)
                                           : RTS_SUCCESS;
  *out = cl->kernels[kernel];
  return status;
}

/* Note [specialised kernels]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Lowering marks the kernels whose code loops over sizes (group code: `specialised` in
 * the kernel IR, src/lower/kernel.h). Their integer and boolean scalar arguments, and
 * the rows a work-group takes, are macros in the kernel's code when RTS_SPEC_<name> is
 * defined (src/backend_opencl/cl_args.c). Before such a launch the host passes their
 * values to rts_cl_specialise, which builds the program again with those values as
 * constants (-DRTS_SPEC_<name>_<i>=VALUE) and only that kernel in it (-DRTS_SPEC_ONLY:
 * the others are left out by the preprocessor), so that the device's compiler folds
 * the index arithmetic and unrolls loops whose trip counts the values fix.
 *
 * The policy and its cost:
 *   - on for GPUs, off elsewhere (PoCL compiles slowly and gains little);
 *     PRISM_SPECIALISE=1 or 0 overrides;
 *   - the first launch with new values builds (on the H200 with NVIDIA's OpenCL about
 *     half a second for the FFT's group kernel) and caches the binary on disk like the
 *     program (Note [program cache]), so a later process with the same values only
 *     loads it;
 *   - a context keeps RTS_CL_SPEC_KEEP specialised programs, releasing the least
 *     recently used for a new one;
 *   - values that change from call to call would build on every call: after
 *     RTS_CL_SPEC_FREE builds, a kernel is built again for new values only while its
 *     specialised launches number at least RTS_CL_SPEC_PAYS per build; otherwise new
 *     values run the generic kernel, and those already built are still used;
 *   - launches of the wide program (Note [narrow indices] in src/lower/ranges.c) are not
 *     specialised.
 * The profile (-P) lists specialised launches as `NAME (specialised)`.
 */

/* Whether kernels are specialised on this device: PRISM_SPECIALISE, else on GPUs. */
static bool rts_cl_specialise_wanted(const struct rts_cl *cl) {
  return rts_env_flag("PRISM_SPECIALISE", (cl->device_type & CL_DEVICE_TYPE_GPU) != 0);
}

static cl_int rts_cl_spec_free(struct rts_cl_spec *sp) {
  cl_int first = CL_SUCCESS;
  if (sp->object != NULL) {
    rts_cl_keep_first(&first, NULL, clReleaseKernel(sp->object), NULL);
  }
  if (sp->program != NULL) {
    rts_cl_keep_first(&first, NULL, clReleaseProgram(sp->program), NULL);
  }
  sp->object = NULL;
  sp->program = NULL;
  return first;
}

/* The slot for a new specialisation: a free one, else the least recently used, freed. */
static int rts_cl_spec_slot(struct rts_context *ctx, struct rts_cl *cl, int *slot) {
  int best = 0;
  for (int i = 0; i < RTS_CL_SPEC_KEEP; i++) {
    if (cl->specs[i].object == NULL) {
      *slot = i;
      return RTS_SUCCESS;
    }
    if (cl->specs[i].last_use < cl->specs[best].last_use) {
      best = i;
    }
  }
  *slot = best;
  cl_int err = rts_cl_spec_free(&cl->specs[best]);
  return err == CL_SUCCESS ? RTS_SUCCESS
                           : rts_cl_fail(ctx, err, NULL, "clReleaseKernel",
                                         "releasing a specialised kernel");
}

/* Builds kernel k for `values` into slot `slot`. */
static int rts_cl_spec_build(struct rts_context *ctx, struct rts_cl *cl, int k, int count,
                             const int64_t *values, int slot, const char *where) {
  const char *name = cl->kernel_names[k];
  char options[1024];
  int used = snprintf(options, sizeof options,
                      "-DRTS_ONLY -DRTS_ONLY_%s -DRTS_SPEC_ONLY -DRTS_SPEC_%s ", name, name);
  for (int i = 0; i < count && used > 0 && (size_t)used < sizeof options; i++) {
    used += snprintf(options + used, sizeof options - (size_t)used,
                     "-DRTS_SPEC_%s_%d=((long)0x%llxUL) ", name, i,
                     (unsigned long long)values[i]);
  }
  if (used <= 0 || (size_t)used >= sizeof options) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT,
                     "%s%serror: kernel %s: the values to specialise it on are too many",
                     RTS_CL_AT(where), name);
  }
  struct rts_cl_spec *sp = &cl->specs[slot];
  bool cached;
  sp->program = NULL;
  int status = rts_cl_build(ctx, cl, &cl->build_cfg, cl->source, options, &sp->program,
                            &cached, where);
  if (status != RTS_SUCCESS) {
    (void)rts_cl_spec_free(sp); /* a program that failed to build; the build's error stands */
    return status;
  }
  cl_int err;
  sp->object = clCreateKernel(sp->program, name, &err);
  if (err != CL_SUCCESS) {
    sp->object = NULL;
    (void)rts_cl_spec_free(sp);
    return rts_cl_fail(ctx, err, where, "clCreateKernel", "making kernel %s (specialised)",
                       name);
  }
  sp->kernel = k;
  sp->value_count = count;
  memcpy(sp->values, values, (size_t)count * sizeof *values);
  return RTS_SUCCESS;
}

static int rts_cl_specialise(struct rts_context *ctx, struct rts_cl *cl, int *kernel,
                             int count, const int64_t *values, const char *where) {
  int k = *kernel;
  if (!cl->specialise || k < 0 || k >= cl->kernel_count || count < 0 ||
      count > RTS_CL_SPEC_VALUES) {
    return RTS_SUCCESS;
  }
  struct rts_cl_spec_use *u = &cl->spec_use[k];
  int slot = -1;
  for (int i = 0; i < RTS_CL_SPEC_KEEP && slot < 0; i++) {
    const struct rts_cl_spec *sp = &cl->specs[i];
    if (sp->object != NULL && sp->kernel == k && sp->value_count == count &&
        (count == 0 || memcmp(sp->values, values, (size_t)count * sizeof *values) == 0)) {
      slot = i;
    }
  }
  if (slot < 0) {
    if (u->builds >= RTS_CL_SPEC_FREE && u->launches < (int64_t)RTS_CL_SPEC_PAYS * u->builds) {
      return RTS_SUCCESS;
    }
    int status = rts_cl_spec_slot(ctx, cl, &slot);
    if (status == RTS_SUCCESS) {
      status = rts_cl_spec_build(ctx, cl, k, count, values, slot, where);
    }
    if (status != RTS_SUCCESS) {
      return status;
    }
    u->builds++;
  }
  cl->specs[slot].last_use = ++cl->spec_clock;
  u->current = slot;
  u->launches++;
  *kernel = 2 * cl->kernel_count + k;
  return RTS_SUCCESS;
}

/* A state that rts_cl_release leaves alone. */
static void rts_cl_clear(struct rts_cl *cl) {
  static const struct rts_cl empty = {0};
  *cl = empty;
}

static int rts_cl_init(struct rts_context *ctx, struct rts_cl *cl,
                       const struct rts_cl_config *cfg, const char *source,
                       const char *const *kernel_names, const bool *alone, int kernel_count) {
  struct rts_cl_config defaults;
  rts_cl_clear(cl);
  if (source == NULL || kernel_count < 0 || (kernel_count > 0 && kernel_names == NULL)) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT, "error: rts_cl_init: no source or kernels");
  }
  if (cfg == NULL) {
    rts_cl_config_init(&defaults);
    cfg = &defaults;
  }
  int status = rts_cl_setup_device(ctx, cl, cfg);
  if (status == RTS_SUCCESS) {
    status = rts_cl_keep_build(ctx, cl, cfg, source);
    cl->specialise = rts_cl_specialise_wanted(cl);
  }
  if (status == RTS_SUCCESS) {
    status = rts_cl_build(ctx, cl, cfg, source, "", &cl->program, &cl->from_cache, NULL);
  }
  if (status == RTS_SUCCESS) {
    status = rts_cl_make_kernels(ctx, cl, kernel_names, alone, kernel_count);
  }
  if (status == RTS_SUCCESS) {
    status = rts_cl_make_errbuf(ctx, cl);
  }
  if (status != RTS_SUCCESS) {
    (void)rts_cl_release(cl); /* the first error is reported */
  }
  return status;
}

static cl_int rts_cl_flush_events(struct rts_cl *cl, const char **call);

static cl_int rts_cl_release(struct rts_cl *cl) {
  cl_int first = CL_SUCCESS;
  if (cl->queue != NULL) {
    rts_cl_keep_first(&first, NULL, clFinish(cl->queue), NULL);
  }
  rts_cl_keep_first(&first, NULL, rts_cl_flush_events(cl, NULL), NULL);
  for (int i = 0; i < cl->free_count; i++) {
    rts_cl_keep_first(&first, NULL, clReleaseMemObject(cl->free_list[i].mem), NULL);
  }
  if (cl->errbuf != NULL) {
    rts_cl_keep_first(&first, NULL, clReleaseMemObject(cl->errbuf), NULL);
  }
  for (int i = 0; i < 2 * cl->kernel_count; i++) {
    if (cl->kernels[i] != NULL) {
      rts_cl_keep_first(&first, NULL, clReleaseKernel(cl->kernels[i]), NULL);
    }
    if (cl->alone_programs[i] != NULL) {
      rts_cl_keep_first(&first, NULL, clReleaseProgram(cl->alone_programs[i]), NULL);
    }
  }
  for (int i = 0; i < cl->kernel_count; i++) {
    free(cl->kernel_names[i]);
  }
  for (int i = 0; i < RTS_CL_SPEC_KEEP; i++) {
    rts_cl_keep_first(&first, NULL, rts_cl_spec_free(&cl->specs[i]), NULL);
  }
  if (cl->program != NULL) {
    rts_cl_keep_first(&first, NULL, clReleaseProgram(cl->program), NULL);
  }
  if (cl->wide_program != NULL) {
    rts_cl_keep_first(&first, NULL, clReleaseProgram(cl->wide_program), NULL);
  }
  if (cl->owns_queue && cl->queue != NULL) {
    rts_cl_keep_first(&first, NULL, clReleaseCommandQueue(cl->queue), NULL);
  }
  if (cl->owns_queue && cl->context != NULL) {
    rts_cl_keep_first(&first, NULL, clReleaseContext(cl->context), NULL);
  }
  free(cl->kernels);
  free(cl->alone_programs);
  free(cl->alone);
  free(cl->spec_use);
  free(cl->source);
  rts_cl_config_release(&cl->build_cfg);
  free(cl->kernel_names);
  free(cl->stats);
  free(cl->platform_name);
  free(cl->platform_version);
  free(cl->device_name);
  free(cl->device_version);
  free(cl->driver_version);
  rts_cl_clear(cl);
  return first;
}

/* ------------------------------------------------------------ Device memory */

/* Takes the best-fitting buffer of the free list for `size` bytes (Note [free list]). */
static bool rts_cl_take_free(struct rts_cl *cl, int64_t size, cl_mem *mem,
                             int64_t *capacity) {
  int64_t limit = size > INT64_MAX / 2 ? INT64_MAX : 2 * size;
  if (limit < size + 4096) {
    limit = size + 4096;
  }
  int best = -1;
  for (int i = 0; i < cl->free_count; i++) {
    int64_t c = cl->free_list[i].capacity;
    if (c >= size && c <= limit && (best < 0 || c < cl->free_list[best].capacity)) {
      best = i;
    }
  }
  if (best < 0) {
    return false;
  }
  *mem = cl->free_list[best].mem;
  *capacity = cl->free_list[best].capacity;
  cl->free_bytes -= *capacity;
  cl->free_count--;
  memmove(&cl->free_list[best], &cl->free_list[best + 1],
          (size_t)(cl->free_count - best) * sizeof *cl->free_list);
  return true;
}

static int rts_cl_clear_free_list(struct rts_context *ctx, struct rts_cl *cl) {
  cl_int first = CL_SUCCESS;
  for (int i = 0; i < cl->free_count; i++) {
    rts_cl_keep_first(&first, NULL, clReleaseMemObject(cl->free_list[i].mem), NULL);
  }
  cl->free_count = 0;
  cl->free_bytes = 0;
  if (first != CL_SUCCESS) {
    return rts_cl_fail(ctx, first, NULL, "clReleaseMemObject", "releasing free device buffers");
  }
  return RTS_SUCCESS;
}

static bool rts_cl_out_of_memory(cl_int err) {
  return err == CL_MEM_OBJECT_ALLOCATION_FAILURE || err == CL_OUT_OF_RESOURCES ||
         err == CL_OUT_OF_HOST_MEMORY;
}

/* Makes a new buffer; when the device is full, empties the free list and tries again. */
static int rts_cl_create_buffer(struct rts_context *ctx, struct rts_cl *cl, int64_t size,
                                cl_mem *mem, const char *where) {
  cl_int err;
  *mem = clCreateBuffer(cl->context, CL_MEM_READ_WRITE, (size_t)size, NULL, &err);
  if (rts_cl_out_of_memory(err) && cl->free_count > 0) {
    int status = rts_cl_clear_free_list(ctx, cl);
    if (status != RTS_SUCCESS) {
      return status;
    }
    *mem = clCreateBuffer(cl->context, CL_MEM_READ_WRITE, (size_t)size, NULL, &err);
  }
  if (err == CL_SUCCESS) {
    return RTS_SUCCESS;
  }
  *mem = NULL;
  char buf[32];
  return rts_error(ctx, rts_cl_out_of_memory(err) ? RTS_OUT_OF_MEMORY : RTS_DEVICE_ERROR,
                   "%s%serror: out of device memory allocating %lld bytes: clCreateBuffer "
                   "returned %s",
                   RTS_CL_AT(where), (long long)size, rts_cl_error_text(err, buf));
}

static int rts_cl_alloc(struct rts_context *ctx, struct rts_cl *cl, struct rts_cl_block **out,
                        int64_t bytes, const char *where) {
  *out = NULL;
  if (cl->context == NULL) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT,
                     "%s%serror: allocating device memory: OpenCL is not set up",
                     RTS_CL_AT(where));
  }
  if (bytes < 0 || (uint64_t)bytes > cl->max_alloc_size || (uint64_t)bytes > SIZE_MAX) {
    return rts_error(ctx, RTS_OUT_OF_MEMORY,
                     "%s%serror: out of device memory: cannot allocate %lld bytes (%s "
                     "allocates at most %llu bytes at once)",
                     RTS_CL_AT(where), (long long)bytes, cl->device_name,
                     (unsigned long long)cl->max_alloc_size);
  }
  struct rts_cl_block *b = malloc(sizeof *b);
  if (b == NULL) {
    return rts_error(ctx, RTS_OUT_OF_MEMORY, "%s%serror: out of memory", RTS_CL_AT(where));
  }
  /* OpenCL has no empty buffers; a multiple of 4 bytes lets a hist of 8- or 16-bit
   * values swap the 32-bit word that holds its last bin (Note [hist updates] in
   * src/lower/forms.c). */
  int64_t size = bytes > 0 ? (bytes + 3) & ~(int64_t)3 : 4;
  if (!rts_cl_take_free(cl, size, &b->mem, &b->capacity)) {
    int status = rts_cl_create_buffer(ctx, cl, size, &b->mem, where);
    if (status != RTS_SUCCESS) {
      free(b);
      return status;
    }
    b->capacity = size;
  }
  b->refs = 1;
  b->bytes = bytes;
  ctx->mem_current += bytes;
  if (ctx->mem_current > ctx->mem_peak) {
    ctx->mem_peak = ctx->mem_current;
  }
  *out = b;
  return RTS_SUCCESS;
}

/* Puts a buffer on the free list, releasing the oldest one when the list is full. */
static int rts_cl_put_free(struct rts_context *ctx, struct rts_cl *cl, cl_mem mem,
                           int64_t capacity) {
  cl_int err = CL_SUCCESS;
  if (cl->free_count == RTS_CL_FREE_MAX) {
    err = clReleaseMemObject(cl->free_list[0].mem);
    cl->free_bytes -= cl->free_list[0].capacity;
    cl->free_count--;
    memmove(&cl->free_list[0], &cl->free_list[1], (size_t)cl->free_count * sizeof *cl->free_list);
  }
  cl->free_list[cl->free_count].mem = mem;
  cl->free_list[cl->free_count].capacity = capacity;
  cl->free_count++;
  cl->free_bytes += capacity;
  if (err != CL_SUCCESS) {
    return rts_cl_fail(ctx, err, NULL, "clReleaseMemObject", "releasing a device buffer");
  }
  return RTS_SUCCESS;
}

static int rts_cl_unref(struct rts_context *ctx, struct rts_cl *cl, struct rts_cl_block *b) {
  if (b == NULL || --b->refs > 0) {
    return RTS_SUCCESS;
  }
  cl_mem mem = b->mem;
  int64_t capacity = b->capacity;
  ctx->mem_current -= b->bytes;
  free(b);
  return rts_cl_put_free(ctx, cl, mem, capacity);
}

/* ------------------------------------------------------------ Transfers */

/* Whether a byte range is one that the host can address; else stores the message. */
static int rts_cl_check_range(struct rts_context *ctx, int64_t offset, int64_t bytes,
                              const char *what, const char *where) {
  if (offset < 0 || bytes < 0 || (uint64_t)offset > SIZE_MAX || (uint64_t)bytes > SIZE_MAX) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT,
                     "%s%serror: %s: %lld bytes at offset %lld is not a valid range",
                     RTS_CL_AT(where), what, (long long)bytes, (long long)offset);
  }
  return RTS_SUCCESS;
}

static int rts_cl_write(struct rts_context *ctx, struct rts_cl *cl, cl_mem mem,
                        int64_t offset, int64_t bytes, const void *host, const char *where) {
  const char *what = "copying to the device";
  if (bytes == 0) {
    return RTS_SUCCESS;
  }
  int status = rts_cl_check_range(ctx, offset, bytes, what, where);
  if (status != RTS_SUCCESS) {
    return status;
  }
  cl_int err = clEnqueueWriteBuffer(cl->queue, mem, CL_TRUE, (size_t)offset, (size_t)bytes,
                                    host, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    return rts_cl_fail(ctx, err, where, "clEnqueueWriteBuffer", "%s %lld bytes", what,
                       (long long)bytes);
  }
  return RTS_SUCCESS;
}

static int rts_cl_read(struct rts_context *ctx, struct rts_cl *cl, cl_mem mem, int64_t offset,
                       int64_t bytes, void *host, const char *where) {
  const char *what = "copying from the device";
  if (bytes == 0) {
    return RTS_SUCCESS;
  }
  int status = rts_cl_check_range(ctx, offset, bytes, what, where);
  if (status != RTS_SUCCESS) {
    return status;
  }
  cl_int err = clEnqueueReadBuffer(cl->queue, mem, CL_TRUE, (size_t)offset, (size_t)bytes,
                                   host, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    return rts_cl_fail(ctx, err, where, "clEnqueueReadBuffer", "%s %lld bytes", what,
                       (long long)bytes);
  }
  return RTS_SUCCESS;
}

static int rts_cl_copy(struct rts_context *ctx, struct rts_cl *cl, cl_mem dst,
                       int64_t dst_offset, cl_mem src, int64_t src_offset, int64_t bytes,
                       const char *where) {
  const char *what = "copying on the device";
  if (bytes == 0) {
    return RTS_SUCCESS;
  }
  int status = rts_cl_check_range(ctx, dst_offset, bytes, what, where);
  if (status == RTS_SUCCESS) {
    status = rts_cl_check_range(ctx, src_offset, bytes, what, where);
  }
  if (status != RTS_SUCCESS) {
    return status;
  }
  cl->enqueued = true;
  cl_int err = clEnqueueCopyBuffer(cl->queue, src, dst, (size_t)src_offset, (size_t)dst_offset,
                                   (size_t)bytes, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    return rts_cl_fail(ctx, err, where, "clEnqueueCopyBuffer", "%s %lld bytes", what,
                       (long long)bytes);
  }
  return RTS_SUCCESS;
}

static int rts_cl_fill(struct rts_context *ctx, struct rts_cl *cl, cl_mem mem, int64_t offset,
                       int64_t bytes, const void *pattern, size_t pattern_size,
                       const char *where) {
  const char *what = "filling device memory";
  if (bytes == 0) {
    return RTS_SUCCESS;
  }
  int status = rts_cl_check_range(ctx, offset, bytes, what, where);
  if (status != RTS_SUCCESS) {
    return status;
  }
  cl->enqueued = true;
  cl_int err = clEnqueueFillBuffer(cl->queue, mem, pattern, pattern_size, (size_t)offset,
                                   (size_t)bytes, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    return rts_cl_fail(ctx, err, where, "clEnqueueFillBuffer",
                       "%s: %lld bytes with a pattern of %llu bytes", what, (long long)bytes,
                       (unsigned long long)pattern_size);
  }
  return RTS_SUCCESS;
}

/* The elements of a shape that has no negative dimension, or -1 when the count
 * exceeds `limit`. */
static int64_t rts_cl_elems_within(int rank, const int64_t *shape, int64_t limit) {
  int64_t elems = 1;
  for (int i = 0; i < rank; i++) {
    if (shape[i] == 0) {
      return 0;
    }
  }
  for (int i = 0; i < rank; i++) {
    if (elems > limit / shape[i]) {
      return -1;
    }
    elems *= shape[i];
  }
  return elems;
}

static int rts_cl_check_app_buffer(struct rts_context *ctx, const struct rts_cl *cl,
                                   const char *fname, cl_mem mem, int64_t offset,
                                   size_t elem_size, int rank, const int64_t *shape,
                                   int64_t *bytes) {
  for (int i = 0; i < rank; i++) {
    if (shape[i] < 0) {
      return rts_error(ctx, RTS_INVALID_ARGUMENT, "%s: negative dimension %lld", fname,
                       (long long)shape[i]);
    }
  }
  if (offset < 0) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT, "%s: negative offset %lld", fname,
                     (long long)offset);
  }
  int64_t limit = INT64_MAX / (int64_t)elem_size;
  int64_t elems = rts_cl_elems_within(rank, shape, limit);
  if (elems < 0 || offset > limit - elems) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT,
                     "%s: the elements end beyond the largest possible buffer", fname);
  }
  *bytes = elems * (int64_t)elem_size;
  if (elems == 0) {
    return RTS_SUCCESS;
  }
  if (mem == NULL) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT, "%s: the buffer is NULL", fname);
  }
  cl_context context = NULL;
  size_t size = 0;
  cl_int err = clGetMemObjectInfo(mem, CL_MEM_CONTEXT, sizeof context, &context, NULL);
  if (err == CL_SUCCESS) {
    err = clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof size, &size, NULL);
  }
  if (err != CL_SUCCESS) {
    return rts_cl_fail(ctx, err, fname, "clGetMemObjectInfo", "examining the buffer");
  }
  if (context != cl->context) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT,
                     "%s: the buffer belongs to another OpenCL context than the Prism "
                     "context's (give the context the application's queue: "
                     "set_command_queue)", fname);
  }
  if ((uint64_t)((offset + elems) * (int64_t)elem_size) > (uint64_t)size) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT,
                     "%s: the buffer has %llu bytes, too few for %lld elements of %llu bytes "
                     "from element %lld on", fname, (unsigned long long)size,
                     (long long)elems, (unsigned long long)elem_size, (long long)offset);
  }
  return RTS_SUCCESS;
}

/* ------------------------------------------------------------ Kernels */

/* Whether `kernel` is one of rts_cl_init's; else stores the message. */
static int rts_cl_check_kernel(struct rts_context *ctx, const struct rts_cl *cl, int kernel,
                               const char *where) {
  bool known = kernel >= 0 && kernel < 2 * cl->kernel_count;
  if (kernel >= 2 * cl->kernel_count && kernel < 3 * cl->kernel_count) {
    /* a specialised kernel: the one rts_cl_specialise chose last, if it still exists */
    int k = kernel - 2 * cl->kernel_count;
    const struct rts_cl_spec *sp = &cl->specs[cl->spec_use[k].current];
    known = sp->object != NULL && sp->kernel == k;
  }
  if (!known) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT, "%s%serror: there is no OpenCL kernel %d",
                     RTS_CL_AT(where), kernel);
  }
  return RTS_SUCCESS;
}

static int rts_cl_set_arg(struct rts_context *ctx, struct rts_cl *cl, int kernel,
                          cl_uint index, size_t size, const void *value, const char *where) {
  int status = rts_cl_check_kernel(ctx, cl, kernel, where);
  if (status != RTS_SUCCESS) {
    return status;
  }
  cl_kernel k = NULL;
  if ((status = rts_cl_kernel(ctx, cl, kernel, &k, where)) != RTS_SUCCESS) {
    return status;
  }
  cl_int err = clSetKernelArg(k, index, size, value);
  if (err != CL_SUCCESS) {
    return rts_cl_fail(ctx, err, where, "clSetKernelArg",
                       "setting argument %u (%llu bytes) of kernel %s", (unsigned)index,
                       (unsigned long long)size, cl->kernel_names[kernel % cl->kernel_count]);
  }
  return RTS_SUCCESS;
}

/* Counts the time of one finished launch. */
static cl_int rts_cl_count_event(struct rts_cl *cl, const struct rts_cl_pending_event *p) {
  cl_ulong start = 0, end = 0;
  cl_int err = clGetEventProfilingInfo(p->event, CL_PROFILING_COMMAND_START, sizeof start,
                                       &start, NULL);
  if (err == CL_SUCCESS) {
    err = clGetEventProfilingInfo(p->event, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL);
  }
  if (err == CL_SUCCESS && end > start) {
    cl->stats[p->kernel].ns += (int64_t)(end - start);
  }
  return err;
}

/* Waits for the pending profiling events, counts their times and releases them; `call`
 * (if not NULL) receives the name of the call that failed. */
static cl_int rts_cl_flush_events(struct rts_cl *cl, const char **call) {
  cl_event events[RTS_CL_PENDING_MAX];
  cl_int first = CL_SUCCESS;
  if (cl->pending_count == 0) {
    return CL_SUCCESS;
  }
  for (int i = 0; i < cl->pending_count; i++) {
    events[i] = cl->pending[i].event;
  }
  rts_cl_keep_first(&first, call, clWaitForEvents((cl_uint)cl->pending_count, events),
                    "clWaitForEvents");
  for (int i = 0; i < cl->pending_count; i++) {
    if (first == CL_SUCCESS) {
      rts_cl_keep_first(&first, call, rts_cl_count_event(cl, &cl->pending[i]),
                        "clGetEventProfilingInfo");
    }
    rts_cl_keep_first(&first, call, clReleaseEvent(cl->pending[i].event), "clReleaseEvent");
  }
  cl->pending_count = 0;
  return first;
}

/* Keeps a launch's profiling event, counting the pending ones first when they are many. */
static int rts_cl_add_event(struct rts_context *ctx, struct rts_cl *cl, int kernel,
                            cl_event event, const char *where) {
  const char *call = NULL;
  cl_int err = CL_SUCCESS;
  if (cl->pending_count == RTS_CL_PENDING_MAX) {
    err = rts_cl_flush_events(cl, &call);
  }
  cl->pending[cl->pending_count].event = event;
  cl->pending[cl->pending_count].kernel = kernel;
  cl->pending_count++;
  if (err != CL_SUCCESS) {
    return rts_cl_fail(ctx, err, where, call, "timing OpenCL kernels");
  }
  return RTS_SUCCESS;
}

/* Writes sizes as "[a, b, c]" into buf. */
static void rts_cl_format_sizes(char *buf, size_t n, cl_uint dims, const size_t *sizes) {
  size_t used = 0;
  buf[0] = '\0';
  for (cl_uint d = 0; d < dims && used < n; d++) {
    int k = snprintf(buf + used, n - used, "%s%llu", d == 0 ? "[" : ", ",
                     (unsigned long long)sizes[d]);
    used += k > 0 ? (size_t)k : 0;
  }
  if (used < n) {
    snprintf(buf + used, n - used, "]");
  }
}

static int rts_cl_launch_failed(struct rts_context *ctx, const struct rts_cl *cl, int kernel,
                                cl_uint dims, const size_t *global, const size_t *local,
                                cl_int err, const char *where) {
  char global_text[80], local_text[80] = "chosen by OpenCL";
  rts_cl_format_sizes(global_text, sizeof global_text, dims, global);
  if (local != NULL) {
    rts_cl_format_sizes(local_text, sizeof local_text, dims, local);
  }
  return rts_cl_fail(ctx, err, where, "clEnqueueNDRangeKernel",
                     "launching kernel %s (global size %s, local size %s)",
                     cl->kernel_names[kernel % cl->kernel_count], global_text, local_text);
}

static int rts_cl_launch(struct rts_context *ctx, struct rts_cl *cl, int kernel, cl_uint dims,
                         const size_t *global, const size_t *local, const char *where) {
  int status = rts_cl_check_kernel(ctx, cl, kernel, where);
  if (status != RTS_SUCCESS) {
    return status;
  }
  if (dims < 1 || dims > 3) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT,
                     "%s%serror: launching kernel %s over %u dimensions", RTS_CL_AT(where),
                     cl->kernel_names[kernel % cl->kernel_count], (unsigned)dims);
  }
  for (cl_uint d = 0; d < dims; d++) {
    if (global[d] == 0) {
      return RTS_SUCCESS;
    }
  }
  cl_kernel k = NULL;
  if ((status = rts_cl_kernel(ctx, cl, kernel, &k, where)) != RTS_SUCCESS) {
    return status;
  }
  cl_event event = NULL;
  cl_int err = clEnqueueNDRangeKernel(cl->queue, k, dims, NULL, global, local, 0, NULL,
                                      cl->profiling ? &event : NULL);
  if (err != CL_SUCCESS) {
    return rts_cl_launch_failed(ctx, cl, kernel, dims, global, local, err, where);
  }
  cl->stats[kernel].launches++;
  cl->enqueued = true;
  return cl->profiling ? rts_cl_add_event(ctx, cl, kernel, event, where) : RTS_SUCCESS;
}

/* ------------------------------------------------------------ Synchronisation */

/* The int64 that a failure's argument k was split into (Note [errbuf]). */
static int64_t rts_cl_errbuf_arg(const cl_int *words, int k) {
  uint64_t u = (uint64_t)(uint32_t)words[3 + 2 * k] << 32 | (uint32_t)words[2 + 2 * k];
  return u <= INT64_MAX ? (int64_t)u : -(int64_t)(~u) - 1;
}

/* The failure's message: `fmt` with each %lld replaced by the next argument and %% by
 * %; other text, a lone % included, is copied. NULL when out of memory. */
static char *rts_cl_format_failure(const char *fmt, const int64_t args[RTS_CL_ERRBUF_ARGS]) {
  size_t size = strlen(fmt) + RTS_CL_ERRBUF_ARGS * 20 + 1, n = 0;
  char *text = malloc(size);
  int next = 0;
  for (const char *p = fmt; text != NULL && *p != '\0';) {
    if (p[0] == '%' && p[1] == '%') {
      text[n++] = '%';
      p += 2;
    } else if (strncmp(p, "%lld", 4) == 0 && next < RTS_CL_ERRBUF_ARGS) {
      int k = snprintf(text + n, size - n, "%lld", (long long)args[next++]);
      n += k > 0 ? (size_t)k : 0;
      p += 4;
    } else {
      text[n++] = *p++;
    }
  }
  if (text != NULL) {
    text[n] = '\0';
  }
  return text;
}

/* Reports the failure a kernel wrote into the error buffer, and clears the buffer. */
static int rts_cl_kernel_failure(struct rts_context *ctx, struct rts_cl *cl,
                                 const cl_int *words, const char *const *messages,
                                 int message_count) {
  int64_t args[RTS_CL_ERRBUF_ARGS];
  for (int k = 0; k < RTS_CL_ERRBUF_ARGS; k++) {
    args[k] = rts_cl_errbuf_arg(words, k);
  }
  int id = words[0];
  if (messages != NULL && id >= 1 && id <= message_count && messages[id - 1] != NULL) {
    char *text = rts_cl_format_failure(messages[id - 1], args);
    rts_error(ctx, RTS_PROGRAM_ERROR, "%s", text != NULL ? text : "error: a kernel failed");
    free(text);
  } else {
    rts_error(ctx, RTS_PROGRAM_ERROR,
              "error: a kernel reported failure %d, which has no message (arguments %lld, "
              "%lld, %lld, %lld)",
              id, (long long)args[0], (long long)args[1], (long long)args[2],
              (long long)args[3]);
  }
  const cl_int zeros[RTS_CL_ERRBUF_WORDS] = {0};
  cl_int err = clEnqueueWriteBuffer(cl->queue, cl->errbuf, CL_TRUE, 0, sizeof zeros, zeros, 0,
                                    NULL, NULL);
  if (err != CL_SUCCESS) {
    rts_cl_fail(ctx, err, NULL, "clEnqueueWriteBuffer", "clearing the error buffer");
  }
  return RTS_PROGRAM_ERROR;
}

static cl_int rts_cl_read_errbuf(struct rts_cl *cl, cl_bool blocking) {
  return clEnqueueReadBuffer(cl->queue, cl->errbuf, blocking, 0, sizeof cl->status,
                             cl->status, 0, NULL, NULL);
}

static int rts_cl_check_failure(struct rts_context *ctx, struct rts_cl *cl,
                                const char *const *messages, int message_count) {
  const char *call = NULL;
  cl_int err = rts_cl_flush_events(cl, &call);
  if (err != CL_SUCCESS) {
    return rts_cl_fail(ctx, err, NULL, call, "timing OpenCL kernels");
  }
  if (cl->status[0] != 0) {
    return rts_cl_kernel_failure(ctx, cl, cl->status, messages, message_count);
  }
  return RTS_SUCCESS;
}

static int rts_cl_sync(struct rts_context *ctx, struct rts_cl *cl, const char *const *messages,
                       int message_count) {
  /* The queue is in order: the read completes after everything enqueued before it. */
  cl_int err = rts_cl_read_errbuf(cl, CL_TRUE);
  if (err != CL_SUCCESS) {
    (void)clFinish(cl->queue);
    return rts_cl_fail(ctx, err, NULL, "clEnqueueReadBuffer",
                       "reading the error buffer (waiting for the OpenCL device)");
  }
  return rts_cl_check_failure(ctx, cl, messages, message_count);
}

/* ------------------------------------------------------------ Profiling report */

struct rts_cl_report_row {
  const char *name;
  int64_t launches, ns;
  int index;
  const char *version; /* "", " (64-bit)" (Note [narrow indices]) or " (specialised)" */
};

/* Longest total time first, then most launches, then the order of the kernels. */
static int rts_cl_compare_rows(const void *a, const void *b) {
  const struct rts_cl_report_row *x = a, *y = b;
  if (x->ns != y->ns) {
    return x->ns > y->ns ? -1 : 1;
  }
  if (x->launches != y->launches) {
    return x->launches > y->launches ? -1 : 1;
  }
  return x->index - y->index;
}

static void rts_cl_print_row(FILE *out, int width, const char *name, const char *version,
                             int64_t launches, int64_t ns, bool timed) {
  int pad = width - (int)strlen(name);
  fprintf(out, "%s%-*s", name, pad > 0 ? pad : 0, version);
  if (timed) {
    fprintf(out, " %10lld %12.3f %12.1f\n", (long long)launches, ns / 1e6,
            launches > 0 ? ns / 1e3 / (double)launches : 0.0);
  } else {
    fprintf(out, " %10lld %12s %12s\n", (long long)launches, "-", "-");
  }
}

static void rts_cl_report(struct rts_cl *cl, FILE *out) {
  (void)rts_cl_flush_events(cl, NULL); /* a failure leaves times uncounted; sync reports it */
  struct rts_cl_report_row *rows = malloc((3 * (size_t)cl->kernel_count + 1) * sizeof *rows);
  if (rows == NULL) {
    fprintf(out, "(out of memory for the profiling report)\n");
    return;
  }
  int width = 6, n = 0;
  int64_t launches = 0, ns = 0;
  static const char *const versions[] = {"", " (64-bit)", " (specialised)"};
  for (int i = 0; i < 3 * cl->kernel_count; i++) {
    if (cl->stats[i].launches > 0) {
      rows[n].name = cl->kernel_names[i % cl->kernel_count];
      rows[n].version = versions[i / cl->kernel_count];
      rows[n].launches = cl->stats[i].launches;
      rows[n].ns = cl->stats[i].ns;
      rows[n].index = i;
      launches += rows[n].launches;
      ns += rows[n].ns;
      int w = (int)(strlen(rows[n].name) + strlen(rows[n].version));
      width = w > width ? w : width;
      n++;
    }
  }
  qsort(rows, (size_t)n, sizeof *rows, rts_cl_compare_rows);
  fprintf(out, "%-*s %10s %12s %12s\n", width, "kernel", "launches", "total ms", "mean us");
  for (int i = 0; i < n; i++) {
    rts_cl_print_row(out, width, rows[i].name, rows[i].version, rows[i].launches, rows[i].ns,
                     cl->profiling);
  }
  rts_cl_print_row(out, width, "total", "", launches, ns, cl->profiling);
  if (!cl->profiling) {
    fprintf(out, "(profiling is off: launches are counted, not timed)\n");
  }
  free(rows);
}
