/* Lowering for the OpenCL backend: the plan of kernels (see lower.h). */
#include "lower/lower_internal.h"

#include <stdlib.h>
#include <string.h>

#include "ir/util.h"
#include "support/heap.h"

const char *lower_form_name(enum lower_form f) {
  static const char *const names[] = {
#define X(form, name) name,
      LOWER_FORMS(X)
#undef X
  };
  return names[f];
}

const char *lower_atomic_name(enum lower_atomic a) {
  static const char *const names[] = {
#define X(atomic, name) name,
      LOWER_ATOMICS(X)
#undef X
  };
  return names[a];
}

/* ------------------------------------------------------------ Free variables */

/* The variables that the SOAC's lambdas use from outside them (Note [Free variables]
 * in ir/util.c), and the neutral elements: the kernel's arguments, in this order. */
static void lambdas_free_vars(struct lower_plan *plan, const struct ir_program *p,
                              const struct ir_soac *so, struct lower_kernel *k) {
  struct ir_free_vars fv;
  ir_free_vars_init(&fv, p);
  ir_free_vars_lambda(&fv, so->map_fn);
  ir_free_vars_lambda(&fv, so->op);
  for (int i = 0; i < so->neutral_count; i++) {
    if (so->neutral[i].kind == IR_SE_VAR) {
      ir_free_vars_use(&fv, so->neutral[i].u.var);
    }
  }
  k->free = ARENA_ARRAY(&plan->arena, struct ir_var *, fv.count + 1);
  if (fv.count > 0) {
    memcpy(k->free, fv.vars, (size_t)fv.count * sizeof *fv.vars);
  }
  k->free_count = fv.count;
  ir_free_vars_free(&fv);
}
/* ------------------------------------------------------------ The plan */

/* Records kernel k as statement s's, with the next id. */
static struct lower_kernel *add_kernel(struct lower_plan *plan, const struct ir_stm *s,
                                       const struct lower_kernel *k) {
  struct lower_kernel *kp = ARENA_NEW(&plan->arena, struct lower_kernel);
  *kp = *k;
  kp->id = plan->kernel_count++;
  ptrmap_put(&plan->kernels, s, kp);
  return kp;
}

/* The kernel IR of a planned statement (kernels.c), checked. */
static void decide_kernels(struct lower_plan *plan, const struct ir_program *p,
                           const struct ir_stm *s, struct lower_kernel *k) {
  kir_build(&plan->arena, s, k);
  kir_verify(p, s, k);
}

static void plan_body(struct lower_plan *plan, const struct ir_program *p,
                      const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    switch (s->exp.kind) {
    case IR_IF:
      plan_body(plan, p, s->exp.u.if_.then_body);
      plan_body(plan, p, s->exp.u.if_.else_body);
      break;
    case IR_LOOP:
      plan_body(plan, p, s->exp.u.loop.body);
      break;
    case IR_SOAC: {
      struct lower_kernel k = {0};
      if (s->sequential) {
        break;
      }
      if (lower_plan_form(plan, p, s, &k)) {
        struct lower_kernel *kp = add_kernel(plan, s, &k);
        lambdas_free_vars(plan, p, &s->exp.u.soac, kp);
        if (kp->form == LOWER_MAP || kp->form == LOWER_SEGRED) {
          lower_plan_coalescing(plan, p, &s->exp.u.soac, kp);
        }
        decide_kernels(plan, p, s, kp);
      } else if (lower_plan_transpose(plan, s, &k)) {
        decide_kernels(plan, p, s, add_kernel(plan, s, &k));
      }
      break;
    }
    case IR_REARRANGE: {
      struct lower_kernel k = {0};
      if (lower_plan_transpose(plan, s, &k)) {
        decide_kernels(plan, p, s, add_kernel(plan, s, &k));
      }
      break;
    }
    default:
      break;
    }
  }
}

void lower_program(struct lower_plan *plan, const struct ir_program *p) {
  diag_set_pass("lower");
  arena_init(&plan->arena);
  ptrmap_init(&plan->kernels, &plan->arena);
  plan->kernel_count = 0;
  for (int i = 0; i < p->fun_count; i++) {
    plan_body(plan, p, p->funs[i]->body);
  }
}

void lower_plan_free(struct lower_plan *plan) {
  arena_free(&plan->arena);
}

const struct lower_kernel *lower_kernel_of(const struct lower_plan *plan,
                                           const struct ir_stm *s) {
  return ptrmap_get(&plan->kernels, s);
}

/* ------------------------------------------------------------ Printing */

struct host_counts {
  int host;
};

static void count_host(const struct lower_plan *plan, const struct ir_body *b,
                       struct host_counts *c) {
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    if (s->exp.kind == IR_IF) {
      count_host(plan, s->exp.u.if_.then_body, c);
      count_host(plan, s->exp.u.if_.else_body, c);
    } else if (s->exp.kind == IR_LOOP) {
      count_host(plan, s->exp.u.loop.body, c);
    } else if (s->exp.kind == IR_SOAC && lower_kernel_of(plan, s) == NULL) {
      c->host++;
    }
  }
}

static void print_vars(struct strbuf *out, struct ir_var *const *vars, int count) {
  for (int j = 0; j < count; j++) {
    strbuf_puts(out, " ");
    ir_print_subexp(out, ir_se_var(vars[j]));
  }
}

/* "rearrange((1, 0)) of xs" */
static void print_transpose(struct strbuf *out, const struct lower_kernel *k) {
  strbuf_puts(out, "rearrange((");
  for (int d = 0; d < k->rank; d++) {
    strbuf_printf(out, "%s%d", d > 0 ? ", " : "", k->perm[d]);
  }
  strbuf_puts(out, ")) of");
  print_vars(out, k->free, 1);
  strbuf_puts(out, "\n");
}

void lower_print(struct strbuf *out, const struct ir_program *p,
                 const struct lower_plan *plan) {
  ir_print_program(out, p);
  strbuf_puts(out, "\n-- kernels\n");
  size_t pos = 0;
  const void *key;
  void *value;
  /* In the order of their ids, which is the program's order. */
  const struct ir_stm **by_id = heap_calloc((size_t)plan->kernel_count + 1, sizeof *by_id);
  while (ptrmap_next(&plan->kernels, &pos, &key, &value)) {
    by_id[((struct lower_kernel *)value)->id] = key;
  }
  for (int i = 0; i < plan->kernel_count; i++) {
    const struct ir_stm *s = by_id[i];
    const struct lower_kernel *k = lower_kernel_of(plan, s);
    strbuf_printf(out, "kernel %d %s (global %d, group %d) at %s: ", k->id,
                  lower_form_name(k->form), kir_kernels_at(k, KIR_GLOBAL),
                  kir_kernels_at(k, KIR_GROUP), loc_format(s->loc));
    if (k->form == LOWER_TRANSPOSE) {
      print_transpose(out, k);
      kir_print(out, s, k);
      continue;
    }
    strbuf_printf(out, "%s over ", ir_soac_kind_name(s->exp.u.soac.kind));
    ir_print_subexp(out, s->exp.u.soac.width);
    strbuf_puts(out, "; arguments");
    print_vars(out, k->free, k->free_count);
    if (k->transposed_count > 0) {
      strbuf_puts(out, "; transposed when it pays");
      print_vars(out, k->transposed, k->transposed_count);
    }
    strbuf_puts(out, "\n");
    kir_print(out, s, k);
  }
  heap_free(by_id);
}

void lower_print_structure(struct strbuf *out, const struct ir_program *p,
                           const struct lower_plan *plan) {
  int global = 0, group = 0, transpose = 0;
  size_t pos = 0;
  const void *key;
  void *value;
  while (ptrmap_next(&plan->kernels, &pos, &key, &value)) {
    const struct lower_kernel *k = value;
    global += kir_kernels_at(k, KIR_GLOBAL);
    group += kir_kernels_at(k, KIR_GROUP);
    transpose += (k->form == LOWER_TRANSPOSE) + k->transposed_count;
  }
  struct host_counts c = {0};
  for (int i = 0; i < p->fun_count; i++) {
    count_host(plan, p->funs[i]->body, &c);
  }
  strbuf_printf(out, "global %d\ngroup %d\nhost %d\ntranspose %d\n", global, group, c.host,
                transpose);
  ir_print_structure(out, p);
}
