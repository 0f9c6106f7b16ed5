/* Two libraries in one program (prismc --prefix alpha and --prefix beta): the same
 * entry point names and array types do not clash, each context keeps its own errors,
 * and the runtime each library carries stays private to it. */
#include <stdint.h>

#include "prefix_alpha.h"
#include "prefix_beta.h"

static struct alpha_context *actx;
static struct beta_context *bctx;
/* CHECK_OK and CHECK_ERROR read alpha's messages; beta's are taken by hand. */
#define GET_ERROR() alpha_context_get_error(actx)
#include "capi_check.h"

int main(void) {
  struct alpha_context_config *acfg = alpha_context_config_new();
  struct beta_context_config *bcfg = beta_context_config_new();
  actx = alpha_context_new(acfg);
  bctx = beta_context_new(bcfg);
  CHECK(actx != NULL && bctx != NULL);
  CHECK(ALPHA_SUCCESS == 0 && BETA_PROGRAM_ERROR == ALPHA_PROGRAM_ERROR);

  const float data[4] = {1, 2, 3, 4};
  float out[4], total = 0;
  struct alpha_f32_1d *a = alpha_new_f32_1d(actx, data, 4), *ar = NULL;
  struct beta_f32_1d *b = beta_new_f32_1d(bctx, data, 4), *br = NULL;
  CHECK_OK(alpha_entry_main(actx, &ar, a));
  CHECK(beta_entry_main(bctx, &br, b) == BETA_SUCCESS);
  CHECK_OK(alpha_values_f32_1d(actx, ar, out));
  CHECK(out[0] == 2 && out[3] == 5);
  CHECK(beta_values_f32_1d(bctx, br, out) == 0);
  CHECK(out[0] == 2 && out[3] == 8);
  CHECK_OK(alpha_entry_total(actx, &total, ar));
  CHECK(total == 14);

  struct beta_f32_2d *m = beta_new_f32_2d(bctx, data, 2, 2);
  CHECK(beta_entry_total(bctx, &total, m) == 0 && total == 10);

  /* A failure in one library leaves its message in its own context only. */
  int32_t i = 0;
  CHECK_ERROR(alpha_entry_fail(actx, &i, 1), ALPHA_PROGRAM_ERROR, "prefix_alpha.dsl:");
  CHECK_DONE();
  CHECK(beta_context_get_error(bctx) == NULL);
  CHECK(beta_entry_fail(bctx, &i, 0) == BETA_PROGRAM_ERROR);
  CHECK(alpha_context_get_error(actx) == NULL);
  char *message = beta_context_get_error(bctx);
  CHECK(message != NULL && strstr(message, "prefix_beta.dsl:") != NULL &&
        strstr(message, "division by zero") != NULL);
  free(message);
  CHECK(beta_entry_fail(bctx, &i, 5) == 0 && i == 2);

  CHECK_OK(alpha_free_f32_1d(actx, a));
  CHECK_OK(alpha_free_f32_1d(actx, ar));
  CHECK(beta_free_f32_1d(bctx, b) == 0 && beta_free_f32_1d(bctx, br) == 0);
  CHECK(beta_free_f32_2d(bctx, m) == 0);
  alpha_context_free(actx);
  beta_context_free(bctx);
  alpha_context_config_free(acfg);
  beta_context_config_free(bcfg);
  return capi_exit();
}
