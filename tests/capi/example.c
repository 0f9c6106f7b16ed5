/* The example of docs/c-api.md: a C program that calls the entry points of example.dsl
 * through the library that `prismc c --library -o example example.dsl` makes.
 * run-capi.sh compares its output with example.out. */
#include <stdio.h>
#include <stdlib.h>

#include "example.h"

/* Prints what failed with the context's message, and returns 1 for main to return. */
static int report(struct prism_context *ctx, const char *what, int err) {
  char *message = prism_context_get_error(ctx);
  fprintf(stderr, "%s failed (error %d): %s\n", what, err, message != NULL ? message : "");
  free(message);
  return 1;
}

int main(void) {
  struct prism_context_config *cfg = prism_context_config_new();
  if (cfg == NULL) {
    return 1;
  }
  struct prism_context *ctx = prism_context_new(cfg);
  if (ctx == NULL) {
    prism_context_config_free(cfg);
    return 1;
  }
  int status = 1;
  float dot, norm, values[3];
  struct prism_f32_1d *xs = NULL, *ys = NULL, *unit = NULL, *pair = NULL;

  /* Arrays are made from host data, which the library copies. */
  const float xs_data[3] = {3, 0, 4}, ys_data[3] = {1, 2, 3};
  xs = prism_new_f32_1d(ctx, xs_data, 3);
  ys = prism_new_f32_1d(ctx, ys_data, 3);
  if (xs == NULL || ys == NULL) {
    status = report(ctx, "prism_new_f32_1d", PRISM_OUT_OF_MEMORY);
    goto done;
  }

  /* A scalar result: an out-parameter. */
  int err = prism_entry_dot(ctx, &dot, xs, ys);
  if (err != PRISM_SUCCESS) {
    status = report(ctx, "dot", err);
    goto done;
  }
  printf("dot = %g\n", dot);

  /* A tuple result: one out-parameter per component; the array is ours to free. */
  err = prism_entry_normalise(ctx, &unit, &norm, xs);
  if (err != PRISM_SUCCESS) {
    status = report(ctx, "normalise", err);
    goto done;
  }
  const int64_t *shape = prism_shape_f32_1d(ctx, unit);
  err = prism_values_f32_1d(ctx, unit, values);
  if (err != PRISM_SUCCESS) {
    status = report(ctx, "prism_values_f32_1d", err);
    goto done;
  }
  printf("norm = %g, unit = [%g, %g, %g] (%lld elements)\n", norm, values[0], values[1],
         values[2], (long long)shape[0]);

  /* A failure: dot needs two vectors of the same length. The context keeps the
   * message until we take it, and stays usable. */
  pair = prism_new_f32_1d(ctx, ys_data, 2);
  if (pair == NULL) {
    status = report(ctx, "prism_new_f32_1d", PRISM_OUT_OF_MEMORY);
    goto done;
  }
  err = prism_entry_dot(ctx, &dot, xs, pair);
  char *message = prism_context_get_error(ctx);
  printf("error %d: %s\n", err, message != NULL ? message : "(none)");
  free(message);
  status = err == PRISM_PROGRAM_ERROR ? 0 : 1;

done:
  /* Free every array before the context, and the configuration last. */
  prism_free_f32_1d(ctx, xs);
  prism_free_f32_1d(ctx, ys);
  prism_free_f32_1d(ctx, unit);
  prism_free_f32_1d(ctx, pair);
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  return status;
}
