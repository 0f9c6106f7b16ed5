/* The type checker's driver: built-ins, then the prelude, then the program (and the
 * files it imports, as it imports them), then uniqueness over all of them, and
 * causality over the program. */
#include "typecheck/typecheck.h"

#include "typecheck/intrinsics.h"
#include "typecheck/tc.h"

void tc_check_program(struct arena *a, const struct tc_options *options,
                      struct program *prelude, struct program *program) {
  diag_set_pass("typecheck");
  struct tc tc = {.arena = a, .options = options};
  /* A check that stopped at an error while applying a functor inside a view (fuzzers
   * run many in one process) must not leave type_head seeing through views. */
  type_see_through_views(NULL, false);
  env_init(&tc);
  intrinsics_install(&tc);
  if (prelude != NULL) {
    tc.in_prelude = true;
    tc.current_file = prelude->file;
    check_decs(&tc, prelude->decs, prelude->count);
    tc.in_prelude = false;
  }
  tc.base_env = env_freeze(&tc);
  check_file_decs(&tc, program);
  if (prelude != NULL) {
    check_uniqueness(&tc, prelude);
  }
  for (int i = 0; i < tc.imported.len; i++) {
    check_uniqueness(&tc, tc.imported.items[i]);
  }
  check_uniqueness(&tc, program);
  check_causality(&tc, program);
}
