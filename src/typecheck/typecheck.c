/* The type checker's driver: built-ins, then the prelude, then the program. */
#include "typecheck/typecheck.h"

#include "typecheck/intrinsics.h"
#include "typecheck/tc.h"

void tc_check_program(struct arena *a, struct program *prelude, struct program *program) {
  struct tc tc = {.arena = a};
  env_init(&tc);
  intrinsics_install(&tc);
  if (prelude != NULL) {
    tc.in_prelude = true;
    check_decs(&tc, prelude->decs, prelude->count);
    tc.in_prelude = false;
  }
  check_decs(&tc, program->decs, program->count);
  if (prelude != NULL) {
    check_uniqueness(&tc, prelude);
  }
  check_uniqueness(&tc, program);
}
