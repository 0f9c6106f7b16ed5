/* Narrow index arithmetic: the i64 variables of a statement's kernel code whose values
 * lie in ranges that the host can bound at launch (Note [narrow indices]).
 */
#include <stdint.h>

#include "../../rts/opencl/bounds.h" /* the host's arithmetic on bounds (see below) */
#include "ir/util.h"
#include "lower/lower_internal.h"
#include "support/ptrmap.h"
#include "support/vec.h"

/* Note [narrow indices]
 * ~~~~~~~~~~~~~~~~~~~~~
 * Index arithmetic in 64 bits costs GPUs several instructions per operation, and most
 * of a kernel's i64 values are indices and sizes far below 2^31. Making every i64
 * 32-bit would be unsound: a program's own i64 arithmetic wraps at 64 bits. Instead,
 * lowering bounds the values and the host checks the bounds at launch:
 *
 *   - An abstract interpretation of the statement's lambdas gives every integer
 *     variable a range [lo, hi], each bound a term: an expression of constants and
 *     of the statement's free variables (the kernels' arguments), with + - * floor-/
 *     min max, or unknown. A SOAC's index lies in [0, w - 1]; a for loop's index in
 *     [0, bound] (the C loop's counter reaches the bound before it stops);
 *     operators map ranges to ranges (interval arithmetic, with division and modulo
 *     by a divisor that is at least 0 taken as at least 1: a division by zero fails
 *     the kernel before its result is used); an if's result joins its branches',
 *     and a branch on `x < y` (<=, >, >=, ==) narrows x and y inside its arms. Array
 *     elements, floats converted and the results of inner SOACs are unknown. A free
 *     variable that a rule needs to be >= 0 (a size, say) is assumed to be, and the
 *     assumption is checked at launch with the bounds.
 *   - A loop parameter gets a constant lower bound c when, assuming p >= c for every
 *     such parameter, the body's next values are >= c too (induction; c is the
 *     initial value's constant bound, else 0); and, for a while loop that continues
 *     while `next < e` (or <=), the upper bound max(hi(init), hi(e) - 1): the
 *     parameter's value in the body is the initial one or a next one that passed the
 *     test.
 *   - The narrow variables are the i64 variables bound in the statement whose two
 *     bounds are known, and the free variables that an operator on narrow variables
 *     reads. Their least lower bound and greatest upper bound are two terms
 *     (struct kir_narrow), which the host evaluates before the launch with arithmetic
 *     that saturates far from 32 bits (rts/opencl/bounds.h, whose functions also
 *     fold constant terms here).
 *   - The kernels are built twice from one text: the program where rts_nidx is int,
 *     and the same program built with RTS_WIDE_INDEX, where it is long. The host
 *     launches the first when both bounds fit in 32 bits (rts_cl_narrow), else the
 *     second, which the runtime builds on first use, so that a program whose sizes
 *     always fit never builds it. PRISM_INDEX=64 forces the wide one.
 *   - In kernel code a narrow variable is declared rts_nidx, and an operator whose
 *     result and operands are all narrow (or constants of 32 bits) computes in
 *     rts_nidx: RTS_NIDX(add)(x, y) (prelude.cl). Any other operator computes in i64
 *     as before, its operands widened; since every narrow value is exact, the results
 *     are those of 64-bit arithmetic whenever the check passes. A narrow index of one
 *     dimension addresses its array without widening. The counter of a for loop stays
 *     a long (its value is narrow all the same): an induction variable that addresses
 *     memory through i64 strides is cheaper in 64 bits than sign-extended at every
 *     use (on an H200, bench/soacs-opencl's rowloop ran at 0.23x of the copy with an
 *     int counter against 0.26x with a long one).
 *
 * The analysis is general: it knows nothing of the programs it serves, and a kernel
 * without such variables has no check (tests/lower/kir_narrow.dsl; the wide program:
 * tests/backend_opencl/narrow_wide.dsl, whose bounds exceed 32 bits).
 */

struct range {
  const struct kir_term *lo, *hi; /* NULL: unknown */
};

/* Terms are interned (equal terms are one pointer), so that the bounds of a kernel's
 * many indices share their terms and the host evaluates each once. */
#define TERM_BUCKETS 1024

struct interned {
  struct kir_term t;
  struct interned *next;
};

struct ranges {
  struct arena *arena;
  struct interned *buckets[TERM_BUCKETS];
  struct ptrmap env;  /* variable bound in the statement -> struct range * */
  struct ptrmap defs; /* variable -> its defining statement */
  struct ptrmap narrow_free; /* free variables that narrow operators read */
  struct ptrmap assumed; /* free variables assumed >= 0 (checked at launch) ... */
  VEC(const struct kir_term *) assume; /* ... in a list */
  VEC(const struct ir_var *) vars; /* the narrow variables */
  long visits; /* statements walked: past WALK_BUDGET, loops are walked once */
};

/* Loops are walked up to four times each (Note [narrow indices]), so nests of loops
 * could cost 4^depth walks; past this many statements walked in all, a loop's
 * parameters are left unknown and its body walked once. */
#define WALK_BUDGET 50000

/* ------------------------------------------------------------ Terms */

static const struct kir_term *intern_term(struct ranges *r, struct kir_term t) {
  uintptr_t h = (uintptr_t)t.op * 31u + (uintptr_t)t.c * 1000003u + (uintptr_t)t.var * 7u +
                (uintptr_t)t.a * 13u + (uintptr_t)t.b * 17u;
  struct interned **bucket = &r->buckets[(h ^ (h >> 11)) % TERM_BUCKETS];
  for (struct interned *i = *bucket; i != NULL; i = i->next) {
    if (i->t.op == t.op && i->t.c == t.c && i->t.var == t.var && i->t.a == t.a && i->t.b == t.b) {
      return &i->t;
    }
  }
  struct interned *fresh = ARENA_NEW(r->arena, struct interned);
  fresh->t = t;
  fresh->next = *bucket;
  *bucket = fresh;
  return &fresh->t;
}

static const struct kir_term *term_const(struct ranges *r, int64_t c) {
  return intern_term(r, (struct kir_term){.op = KIR_TERM_CONST, .c = rts_sat(c), .depth = 1});
}

static bool is_const(const struct kir_term *t) {
  return t != NULL && t->op == KIR_TERM_CONST;
}

static const struct kir_term *term_var(struct ranges *r, const struct ir_var *v) {
  return intern_term(r, (struct kir_term){.op = KIR_TERM_VAR, .var = v, .depth = 1});
}

/* a OP b, folded when both are constants; NULL when either is unknown. */
static const struct kir_term *term_unbounded(struct ranges *r, enum kir_term_op op,
                                             const struct kir_term *a,
                                             const struct kir_term *b);

/* term_unbounded, or NULL (unknown) when the term would be deeper than KIR_TERM_DEPTH. */
static const struct kir_term *term(struct ranges *r, enum kir_term_op op,
                                   const struct kir_term *a, const struct kir_term *b) {
  const struct kir_term *t = term_unbounded(r, op, a, b);
  return t != NULL && t->depth <= KIR_TERM_DEPTH ? t : NULL;
}

static const struct kir_term *term_unbounded(struct ranges *r, enum kir_term_op op,
                                             const struct kir_term *a,
                                             const struct kir_term *b) {
  if (a == NULL || b == NULL) {
    return NULL;
  }
  if (is_const(a) && is_const(b)) {
    switch (op) {
    case KIR_TERM_ADD:
      return term_const(r, rts_sat_add(a->c, b->c));
    case KIR_TERM_SUB:
      return term_const(r, rts_sat_sub(a->c, b->c));
    case KIR_TERM_MUL:
      return term_const(r, rts_sat_mul(a->c, b->c));
    case KIR_TERM_DIV:
      return term_const(r, rts_sat_div(a->c, b->c));
    case KIR_TERM_MIN:
      return a->c < b->c ? a : b;
    case KIR_TERM_MAX:
      return a->c > b->c ? a : b;
    default:
      break;
    }
  }
  if (a == b && (op == KIR_TERM_MIN || op == KIR_TERM_MAX)) {
    return a;
  }
  if (a == b && op == KIR_TERM_SUB) {
    return term_const(r, 0);
  }
  if (is_const(b) && op == KIR_TERM_SUB) { /* x - c is x + -c, so that constants meet */
    return term(r, KIR_TERM_ADD, a, term_const(r, -b->c));
  }
  if (is_const(b) && op == KIR_TERM_ADD && a->op == KIR_TERM_ADD && is_const(a->b)) {
    return term(r, KIR_TERM_ADD, a->a, term_const(r, rts_sat_add(a->b->c, b->c)));
  }
  if (is_const(b) && b->c == 0 && op == KIR_TERM_ADD) {
    return a;
  }
  if (is_const(a) && a->c == 0 && op == KIR_TERM_ADD) {
    return b;
  }
  if (is_const(a) && a->c == 0 && (op == KIR_TERM_MUL || op == KIR_TERM_DIV)) {
    return a;
  }
  if (is_const(b) && b->c == 0 && op == KIR_TERM_MUL) {
    return b;
  }
  if (is_const(b) && b->c == 1 && (op == KIR_TERM_MUL || op == KIR_TERM_DIV)) {
    return a;
  }
  int depth = 1 + (a->depth > b->depth ? a->depth : b->depth);
  return intern_term(r, (struct kir_term){.op = op, .a = a, .b = b, .depth = depth});
}

/* min and max where one unknown side leaves the other (an upper bound of min(x, y) is
 * either one's; a lower bound of max(x, y) either one's). */
static const struct kir_term *term_either(struct ranges *r, enum kir_term_op op,
                                          const struct kir_term *a, const struct kir_term *b) {
  return a == NULL ? b : b == NULL ? a : term(r, op, a, b);
}

static const struct kir_term *add_c(struct ranges *r, const struct kir_term *a, int64_t c) {
  return term(r, KIR_TERM_ADD, a, term_const(r, c));
}

/* The term is a constant >= c. */
static bool at_least(const struct kir_term *t, int64_t c) {
  return is_const(t) && t->c >= c;
}

/* Whether term t is >= 0: a constant that is, a free variable assumed to be (the host
 * checks it at launch: sizes always are), or a sum, product, quotient, min or max of
 * such terms. */
static bool nonneg(struct ranges *r, const struct kir_term *t) {
  if (t == NULL) {
    return false;
  }
  switch (t->op) {
  case KIR_TERM_CONST:
    return t->c >= 0;
  case KIR_TERM_VAR:
    if (!ptrmap_has(&r->assumed, t)) {
      ptrmap_put(&r->assumed, t, (void *)t);
      VEC_PUSH(r->arena, &r->assume, t);
    }
    return true;
  case KIR_TERM_SUB:
    return false;
  case KIR_TERM_DIV: /* by a divisor taken as >= 1 */
    return nonneg(r, t->a);
  case KIR_TERM_MAX:
    return nonneg(r, t->a) || nonneg(r, t->b);
  default:
    return nonneg(r, t->a) && nonneg(r, t->b);
  }
}

/* ------------------------------------------------------------ Ranges */

static struct range unknown(void) {
  return (struct range){NULL, NULL};
}

static struct range constant(struct ranges *r, int64_t c) {
  const struct kir_term *t = term_const(r, c);
  return (struct range){t, t};
}

static bool tracked(enum prim_type t) {
  return prim_is_int(t) && t != PRIM_U64;
}

/* The values of a type (for integers narrower than 64 bits). */
static struct range type_range(struct ranges *r, enum prim_type t) {
  switch (t) {
  case PRIM_I8:
    return (struct range){term_const(r, INT8_MIN), term_const(r, INT8_MAX)};
  case PRIM_I16:
    return (struct range){term_const(r, INT16_MIN), term_const(r, INT16_MAX)};
  case PRIM_I32:
    return (struct range){term_const(r, INT32_MIN), term_const(r, INT32_MAX)};
  case PRIM_U8:
    return (struct range){term_const(r, 0), term_const(r, UINT8_MAX)};
  case PRIM_U16:
    return (struct range){term_const(r, 0), term_const(r, UINT16_MAX)};
  case PRIM_U32:
    return (struct range){term_const(r, 0), term_const(r, UINT32_MAX)};
  case PRIM_BOOL:
    return (struct range){term_const(r, 0), term_const(r, 1)};
  default:
    return unknown();
  }
}

static struct range range_of_var(struct ranges *r, const struct ir_var *v) {
  if (v->type.rank != 0 || !tracked(v->type.prim)) {
    return unknown();
  }
  if (ptrmap_has(&r->env, v)) {
    const struct range *g = ptrmap_get(&r->env, v);
    return g != NULL ? *g : unknown();
  }
  const struct kir_term *t = term_var(r, v); /* free: the host has its value */
  return (struct range){t, t};
}

static struct range range_of(struct ranges *r, struct ir_subexp se) {
  if (se.kind == IR_SE_CONST) {
    return prim_is_int(se.u.c.prim) && se.u.c.prim != PRIM_U64 ? constant(r, (int64_t)se.u.c.v.i)
                                                                : unknown();
  }
  return se.kind == IR_SE_VAR ? range_of_var(r, se.u.var) : unknown();
}

static void set_range(struct ranges *r, const struct ir_var *v, struct range g) {
  struct range *slot = ARENA_NEW(r->arena, struct range);
  *slot = g;
  ptrmap_put(&r->env, v, slot);
}

/* A variable's range for its type: a range of an i64 as computed, of a narrower type
 * clipped to the type's (its arithmetic wraps there). */
static void bind(struct ranges *r, const struct ir_var *v, struct range g) {
  if (v->type.rank != 0 || !tracked(v->type.prim)) {
    return;
  }
  if (v->type.prim != PRIM_I64) {
    struct range t = type_range(r, v->type.prim);
    bool inside = g.lo != NULL && g.hi != NULL && is_const(g.lo) && is_const(g.hi) &&
                  g.lo->c >= t.lo->c && g.hi->c <= t.hi->c;
    g = inside ? g : t;
  }
  set_range(r, v, g);
}

/* The range of a divisor whose lower bound is a constant >= 0, as >= 1; lo NULL when
 * the divisor may be negative. */
static struct range divisor(struct ranges *r, struct range b) {
  if (!nonneg(r, b.lo)) {
    return unknown();
  }
  return (struct range){at_least(b.lo, 1) ? b.lo : term(r, KIR_TERM_MAX, b.lo, term_const(r, 1)),
                        b.hi};
}

static struct range mul_range(struct ranges *r, struct range a, struct range b) {
  if (nonneg(r, a.lo) && nonneg(r, b.lo)) {
    return (struct range){term(r, KIR_TERM_MUL, a.lo, b.lo), term(r, KIR_TERM_MUL, a.hi, b.hi)};
  }
  if (is_const(b.lo) && b.lo == b.hi) { /* by a constant: keep a's order or turn it */
    return b.lo->c >= 0 ? (struct range){term(r, KIR_TERM_MUL, a.lo, b.lo),
                                         term(r, KIR_TERM_MUL, a.hi, b.lo)}
                        : (struct range){term(r, KIR_TERM_MUL, a.hi, b.lo),
                                         term(r, KIR_TERM_MUL, a.lo, b.lo)};
  }
  if (is_const(a.lo) && a.lo == a.hi) {
    return mul_range(r, b, a);
  }
  const struct kir_term *p[4] = {term(r, KIR_TERM_MUL, a.lo, b.lo),
                                 term(r, KIR_TERM_MUL, a.lo, b.hi),
                                 term(r, KIR_TERM_MUL, a.hi, b.lo),
                                 term(r, KIR_TERM_MUL, a.hi, b.hi)};
  const struct kir_term *lo = p[0], *hi = p[0];
  for (int i = 1; i < 4; i++) {
    lo = term(r, KIR_TERM_MIN, lo, p[i]);
    hi = term(r, KIR_TERM_MAX, hi, p[i]);
  }
  return (struct range){lo, hi};
}

/* Floor or truncating division by a divisor >= 1: a dividend >= 0 gives
 * [lo / hi(d), hi / lo(d)] (lo 0 when d has no upper bound), any other one stays
 * between it and 0. */
static struct range div_range(struct ranges *r, struct range a, struct range d) {
  if (d.lo == NULL) {
    return unknown();
  }
  if (nonneg(r, a.lo)) { /* and >= 0 even when the divisor has no upper bound */
    const struct kir_term *lo = d.hi != NULL ? term(r, KIR_TERM_DIV, a.lo, d.hi) : term_const(r, 0);
    return (struct range){lo, term(r, KIR_TERM_DIV, a.hi, d.lo)};
  }
  const struct kir_term *zero = term_const(r, 0);
  return (struct range){term(r, KIR_TERM_MIN, a.lo, zero), term(r, KIR_TERM_MAX, a.hi, zero)};
}

/* Whether se is a variable defined as x / d (floor division), with x and d set. */
static bool is_division(struct ranges *r, struct ir_subexp se, struct ir_subexp *x,
                        struct ir_subexp *d) {
  const struct ir_stm *def = se.kind == IR_SE_VAR ? ptrmap_get(&r->defs, se.u.var) : NULL;
  if (def == NULL || def->exp.kind != IR_BINOP || def->exp.u.binop.op != IR_BINOP_DIV) {
    return false;
  }
  *x = def->exp.u.binop.lhs;
  *d = def->exp.u.binop.rhs;
  return true;
}

static bool same(struct ir_subexp a, struct ir_subexp b) {
  return a.kind == IR_SE_VAR && b.kind == IR_SE_VAR && a.u.var == b.u.var;
}

/* Whether q * m is (x / d) * d with x >= 0 and d >= 1 (x and d set): it lies in [0, x],
 * and x - (x / d) * d is x mod d, in [0, d - 1]. The simplifier writes a modulo so, and
 * interval arithmetic alone would lose that the two terms are near each other. */
static bool rounded_down(struct ranges *r, struct ir_subexp q, struct ir_subexp m,
                         struct ir_subexp *x, struct ir_subexp *d) {
  return is_division(r, q, x, d) && same(*d, m) && nonneg(r, range_of(r, *x).lo) &&
         divisor(r, range_of(r, *d)).lo != NULL;
}

/* The product of se's definition, a multiplication, as rounded_down's. */
static bool rounded_down_var(struct ranges *r, struct ir_subexp se, struct ir_subexp *x,
                             struct ir_subexp *d) {
  const struct ir_stm *def = se.kind == IR_SE_VAR ? ptrmap_get(&r->defs, se.u.var) : NULL;
  return def != NULL && def->exp.kind == IR_BINOP && def->exp.u.binop.op == IR_BINOP_MUL &&
         rounded_down(r, def->exp.u.binop.lhs, def->exp.u.binop.rhs, x, d);
}

static struct range binop_range(struct ranges *r, const struct ir_exp *x) {
  struct range a = range_of(r, x->u.binop.lhs), b = range_of(r, x->u.binop.rhs);
  struct ir_subexp num, den;
  const struct kir_term *zero = term_const(r, 0);
  struct ir_subexp rhs = x->u.binop.rhs;
  int64_t shift = rhs.kind == IR_SE_CONST ? (int64_t)rhs.u.c.v.i : -1;
  switch (x->u.binop.op) {
  case IR_BINOP_ADD:
    return (struct range){term(r, KIR_TERM_ADD, a.lo, b.lo), term(r, KIR_TERM_ADD, a.hi, b.hi)};
  case IR_BINOP_SUB:
    if (rounded_down_var(r, x->u.binop.rhs, &num, &den) && same(num, x->u.binop.lhs)) {
      return (struct range){zero, term_either(r, KIR_TERM_MIN, add_c(r, range_of(r, den).hi, -1),
                                              a.hi)};
    }
    return (struct range){term(r, KIR_TERM_SUB, a.lo, b.hi), term(r, KIR_TERM_SUB, a.hi, b.lo)};
  case IR_BINOP_MUL:
    if (rounded_down(r, x->u.binop.lhs, x->u.binop.rhs, &num, &den)) {
      return (struct range){zero, range_of(r, num).hi};
    }
    return mul_range(r, a, b);
  case IR_BINOP_DIV:
  case IR_BINOP_QUOT:
    return div_range(r, a, divisor(r, b));
  case IR_BINOP_MOD: { /* floored: in [0, d - 1] for d >= 1, and <= a for a >= 0 */
    struct range d = divisor(r, b);
    if (d.lo == NULL) {
      return unknown();
    }
    const struct kir_term *hi = add_c(r, d.hi, -1);
    return (struct range){zero, nonneg(r, a.lo) ? term_either(r, KIR_TERM_MIN, hi, a.hi) : hi};
  }
  case IR_BINOP_REM: { /* truncated: the dividend's sign; for a >= 0 as MOD */
    struct range d = divisor(r, b);
    if (d.lo == NULL || !nonneg(r, a.lo)) {
      return unknown();
    }
    return (struct range){zero, term_either(r, KIR_TERM_MIN, add_c(r, d.hi, -1), a.hi)};
  }
  case IR_BINOP_MIN:
    return (struct range){term(r, KIR_TERM_MIN, a.lo, b.lo),
                          term_either(r, KIR_TERM_MIN, a.hi, b.hi)};
  case IR_BINOP_MAX:
    return (struct range){term_either(r, KIR_TERM_MAX, a.lo, b.lo),
                          term(r, KIR_TERM_MAX, a.hi, b.hi)};
  case IR_BINOP_BAND: /* with an operand >= 0: between 0 and that operand */
    if (nonneg(r, a.lo) || nonneg(r, b.lo)) {
      const struct kir_term *ha = nonneg(r, a.lo) ? a.hi : NULL;
      const struct kir_term *hb = nonneg(r, b.lo) ? b.hi : NULL;
      return (struct range){zero, term_either(r, KIR_TERM_MIN, ha, hb)};
    }
    return unknown();
  case IR_BINOP_BOR:
  case IR_BINOP_BXOR: /* both >= 0: at most their sum */
    if (nonneg(r, a.lo) && nonneg(r, b.lo)) {
      return (struct range){zero, term(r, KIR_TERM_ADD, a.hi, b.hi)};
    }
    return unknown();
  case IR_BINOP_SHL:
    if (shift >= 0 && shift < 31) {
      return mul_range(r, a, constant(r, (int64_t)1 << shift));
    }
    return unknown();
  case IR_BINOP_SHR: { /* arithmetic: floor division by 2^shift, monotone */
    if (shift < 0 || shift > 62) {
      return unknown();
    }
    const struct kir_term *p = term_const(r, (int64_t)1 << shift);
    return (struct range){term(r, KIR_TERM_DIV, a.lo, p), term(r, KIR_TERM_DIV, a.hi, p)};
  }
  default:
    return unknown();
  }
}

static struct range unop_range(struct ranges *r, const struct ir_exp *x) {
  struct range a = range_of(r, x->u.unop.operand);
  const struct kir_term *zero = term_const(r, 0);
  switch (x->u.unop.op) {
  case IR_UNOP_NEG:
    return (struct range){term(r, KIR_TERM_SUB, zero, a.hi), term(r, KIR_TERM_SUB, zero, a.lo)};
  case IR_UNOP_ABS:
    if (nonneg(r, a.lo)) {
      return a;
    }
    return (struct range){zero, term(r, KIR_TERM_MAX, term(r, KIR_TERM_SUB, zero, a.lo), a.hi)};
  case IR_UNOP_SGN:
    return (struct range){term_const(r, -1), term_const(r, 1)};
  case IR_UNOP_POPC:
  case IR_UNOP_CLZ:
  case IR_UNOP_CTZ:
    return (struct range){zero, term_const(r, 64)};
  default:
    return unknown();
  }
}

static struct range convert_range(struct ranges *r, const struct ir_stm *s) {
  struct ir_subexp x = s->exp.u.convert.operand;
  enum prim_type from = ir_subexp_type(x).prim;
  if (from == PRIM_BOOL) {
    return (struct range){term_const(r, 0), term_const(r, 1)};
  }
  return tracked(from) ? range_of(r, x) : unknown();
}

/* ------------------------------------------------------------ The walk */

static void walk_body(struct ranges *r, const struct ir_body *b);

static void walk_lambda(struct ranges *r, const struct ir_lambda *f, struct ir_subexp width) {
  if (f == NULL) {
    return;
  }
  for (int i = 0; i < f->param_count; i++) {
    set_range(r, f->params[i], unknown());
  }
  if (f->index != NULL) {
    bind(r, f->index, (struct range){term_const(r, 0), add_c(r, range_of(r, width).hi, -1)});
  }
  walk_body(r, f->body);
}

/* Narrows the operands of comparison `cond` for the arm where it is `truth`; the old
 * ranges go to `saved` (restore_refined puts them back). */
struct refined {
  const struct ir_var *var[2];
  struct range *old[2];
  bool had[2];
};

static void refine_one(struct ranges *r, struct refined *saved, int k, struct ir_subexp x,
                       struct range g) {
  if (x.kind != IR_SE_VAR || x.u.var->type.prim != PRIM_I64 || !ptrmap_has(&r->env, x.u.var)) {
    return;
  }
  saved->var[k] = x.u.var;
  saved->old[k] = ptrmap_get(&r->env, x.u.var);
  saved->had[k] = true;
  set_range(r, x.u.var, g);
}

static struct refined refine(struct ranges *r, struct ir_subexp cond, bool truth) {
  struct refined saved = {{NULL, NULL}, {NULL, NULL}, {false, false}};
  if (cond.kind != IR_SE_VAR) {
    return saved;
  }
  const struct ir_stm *def = ptrmap_get(&r->defs, cond.u.var);
  if (def == NULL || def->exp.kind != IR_BINOP ||
      ir_subexp_type(def->exp.u.binop.lhs).prim != PRIM_I64) {
    return saved;
  }
  enum ir_binop op = def->exp.u.binop.op;
  struct ir_subexp x = def->exp.u.binop.lhs, y = def->exp.u.binop.rhs;
  if (!truth) { /* not (x < y) is y <= x, and so on */
    op = op == IR_BINOP_LT   ? IR_BINOP_GE
         : op == IR_BINOP_LE ? IR_BINOP_GT
         : op == IR_BINOP_GT ? IR_BINOP_LE
         : op == IR_BINOP_GE ? IR_BINOP_LT
                             : IR_BINOP_NE;
  }
  if (op == IR_BINOP_GT || op == IR_BINOP_GE) { /* x > y is y < x */
    struct ir_subexp t = x;
    x = y;
    y = t;
    op = op == IR_BINOP_GT ? IR_BINOP_LT : IR_BINOP_LE;
  }
  if (op != IR_BINOP_LT && op != IR_BINOP_LE && op != IR_BINOP_EQ) {
    return saved;
  }
  struct range a = range_of(r, x), b = range_of(r, y);
  int64_t gap = op == IR_BINOP_LT ? 1 : 0; /* x <= y - gap */
  struct range na = {a.lo, term_either(r, KIR_TERM_MIN, a.hi, add_c(r, b.hi, -gap))};
  struct range nb = {term_either(r, KIR_TERM_MAX, b.lo, add_c(r, a.lo, gap)), b.hi};
  if (op == IR_BINOP_EQ) {
    na.lo = term_either(r, KIR_TERM_MAX, a.lo, b.lo);
    nb.hi = term_either(r, KIR_TERM_MIN, b.hi, a.hi);
  }
  refine_one(r, &saved, 0, x, na);
  refine_one(r, &saved, 1, y, nb);
  return saved;
}

static void restore_refined(struct ranges *r, const struct refined *saved) {
  for (int k = 1; k >= 0; k--) {
    if (saved->had[k]) {
      ptrmap_put(&r->env, saved->var[k], saved->old[k]);
    }
  }
}

/* Walks an arm of an if on `cond` (true in the then arm) with cond's operands narrowed,
 * and reads its results' ranges while they still are. */
static struct range *walk_arm(struct ranges *r, struct ir_subexp cond, bool truth,
                              const struct ir_body *b, int count) {
  struct refined saved = refine(r, cond, truth);
  walk_body(r, b);
  struct range *results = ARENA_ARRAY(r->arena, struct range, count + 1);
  for (int i = 0; i < count; i++) {
    results[i] = range_of(r, b->results[i]);
  }
  restore_refined(r, &saved);
  return results;
}

static void walk_if(struct ranges *r, const struct ir_stm *s) {
  struct ir_subexp cond = s->exp.u.if_.cond;
  struct range *t = walk_arm(r, cond, true, s->exp.u.if_.then_body, s->pat_count);
  struct range *f = walk_arm(r, cond, false, s->exp.u.if_.else_body, s->pat_count);
  for (int i = 0; i < s->pat_count; i++) {
    bind(r, s->pat[i], (struct range){term(r, KIR_TERM_MIN, t[i].lo, f[i].lo),
                                      term(r, KIR_TERM_MAX, t[i].hi, f[i].hi)});
  }
}

/* Whether a and b are one variable, or two defined by the same operator on the same
 * operands (a loop's test may compute its next value again). */
static bool same_value(struct ranges *r, struct ir_subexp a, struct ir_subexp b) {
  if (same(a, b)) {
    return true;
  }
  const struct ir_stm *da = a.kind == IR_SE_VAR ? ptrmap_get(&r->defs, a.u.var) : NULL;
  const struct ir_stm *db = b.kind == IR_SE_VAR ? ptrmap_get(&r->defs, b.u.var) : NULL;
  if (da == NULL || db == NULL || da->exp.kind != IR_BINOP || db->exp.kind != IR_BINOP ||
      da->exp.u.binop.op != db->exp.u.binop.op) {
    return false;
  }
  struct ir_subexp xs[2] = {da->exp.u.binop.lhs, da->exp.u.binop.rhs};
  struct ir_subexp ys[2] = {db->exp.u.binop.lhs, db->exp.u.binop.rhs};
  for (int k = 0; k < 2; k++) {
    bool consts = xs[k].kind == IR_SE_CONST && ys[k].kind == IR_SE_CONST &&
                  xs[k].u.c.v.i == ys[k].u.c.v.i;
    if (!consts && !same(xs[k], ys[k])) {
      return false;
    }
  }
  return true;
}

/* The constant c when se is a variable defined as v * c or v + c (op), with v set. */
static bool scaled(struct ranges *r, struct ir_subexp se, enum ir_binop op, struct ir_subexp *v,
                   int64_t *c) {
  const struct ir_stm *d = se.kind == IR_SE_VAR ? ptrmap_get(&r->defs, se.u.var) : NULL;
  if (d == NULL || d->exp.kind != IR_BINOP || d->exp.u.binop.op != op ||
      d->exp.u.binop.rhs.kind != IR_SE_CONST) {
    return false;
  }
  *v = d->exp.u.binop.lhs;
  *c = (int64_t)d->exp.u.binop.rhs.u.c.v.i;
  return true;
}

/* Whether x >= y always: the same value, x = y * c (c >= 1) or y + c (c >= 0) with
 * y >= 0, or x = v * c1 and y = v * c2 with c1 >= c2 and v >= 0 (the simplifier
 * writes a loop's test `next * 2 < n` on next = s * 2 as s * 4 < n). */
static bool not_below(struct ranges *r, struct ir_subexp x, struct ir_subexp y) {
  struct ir_subexp v, w;
  int64_t c, d;
  if (same_value(r, x, y)) {
    return true;
  }
  if ((scaled(r, x, IR_BINOP_MUL, &v, &c) && c >= 1 && same(v, y)) ||
      (scaled(r, x, IR_BINOP_ADD, &v, &c) && c >= 0 && same(v, y))) {
    return nonneg(r, range_of(r, y).lo);
  }
  return scaled(r, x, IR_BINOP_MUL, &v, &c) && scaled(r, y, IR_BINOP_MUL, &w, &d) && same(v, w) &&
         c >= d && d >= 0 && nonneg(r, range_of(r, v).lo);
}

/* A while loop's upper bound of parameter i: the loop goes on while next(i) < e (or
 * <=), the condition's next value being that comparison. */
static const struct kir_term *while_bound(struct ranges *r, const struct ir_loop *l, int i) {
  int c = -1;
  for (int k = 0; k < l->param_count; k++) {
    c = l->params[k] == l->cond ? k : c;
  }
  struct ir_subexp next = l->body->results[i];
  struct ir_subexp test = c >= 0 ? l->body->results[c] : (struct ir_subexp){0};
  const struct ir_stm *def =
      c >= 0 && test.kind == IR_SE_VAR ? ptrmap_get(&r->defs, test.u.var) : NULL;
  if (def == NULL || def->exp.kind != IR_BINOP || next.kind != IR_SE_VAR) {
    return NULL;
  }
  enum ir_binop op = def->exp.u.binop.op;
  struct ir_subexp x = def->exp.u.binop.lhs, e = def->exp.u.binop.rhs;
  if (op == IR_BINOP_GT || op == IR_BINOP_GE) {
    x = def->exp.u.binop.rhs;
    e = def->exp.u.binop.lhs;
    op = op == IR_BINOP_GT ? IR_BINOP_LT : IR_BINOP_LE;
  }
  if ((op != IR_BINOP_LT && op != IR_BINOP_LE) || !not_below(r, x, next)) {
    return NULL;
  }
  /* e's bound must not rest on the assumptions about the parameters being made */
  const struct kir_term *he = range_of(r, e).hi;
  return term(r, KIR_TERM_MAX, range_of(r, l->inits[i]).hi,
              add_c(r, he, op == IR_BINOP_LT ? -1 : 0));
}

/* Note [narrow indices]: constant lower bounds by induction, and the while bound. */
static void walk_loop(struct ranges *r, const struct ir_stm *s) {
  const struct ir_loop *l = &s->exp.u.loop;
  int n = l->param_count;
  if (!l->is_while) {
    /* up to the bound itself: the C loop's index reaches it before it stops */
    bind(r, l->index, (struct range){term_const(r, 0), range_of(r, l->bound).hi});
  }
  if (r->visits > WALK_BUDGET) {
    for (int i = 0; i < n; i++) {
      bind(r, l->params[i], unknown());
    }
    walk_body(r, l->body);
    return;
  }
  const struct kir_term **lo = ARENA_ARRAY(r->arena, const struct kir_term *, n + 1);
  const struct kir_term **hi = ARENA_ARRAY(r->arena, const struct kir_term *, n + 1);
  for (int i = 0; i < n; i++) {
    const struct kir_term *init = range_of(r, l->inits[i]).lo;
    lo[i] = is_const(init) ? init : NULL;
  }
  bool held = false;
  for (int round = 0; round < 3 && !held; round++) {
    for (int i = 0; i < n; i++) {
      bind(r, l->params[i], (struct range){lo[i], NULL});
    }
    walk_body(r, l->body);
    held = true;
    for (int i = 0; i < n; i++) {
      const struct kir_term *next = range_of(r, l->body->results[i]).lo;
      if (lo[i] == NULL) {
        continue;
      }
      bool kept = is_const(next) ? next->c >= lo[i]->c : lo[i]->c <= 0 && nonneg(r, next);
      if (!kept) {
        lo[i] = lo[i]->c > 0 && nonneg(r, next) ? term_const(r, 0) : NULL;
        held = false;
      }
    }
  }
  if (!held) { /* give up on the lower bounds; the while bound needs a sound walk */
    for (int i = 0; i < n; i++) {
      lo[i] = NULL;
      bind(r, l->params[i], unknown());
    }
    walk_body(r, l->body);
  }
  for (int i = 0; i < n; i++) {
    hi[i] = l->is_while ? while_bound(r, l, i) : NULL;
    bind(r, l->params[i], (struct range){lo[i], hi[i]});
  }
  walk_body(r, l->body);
  for (int i = 0; i < s->pat_count && i < n; i++) {
    bind(r, s->pat[i], (struct range){lo[i], NULL});
  }
}

static void walk_soac(struct ranges *r, const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  walk_lambda(r, so->map_fn, so->width);
  walk_lambda(r, so->op, (struct ir_subexp){0});
}

static void walk_stm(struct ranges *r, const struct ir_stm *s) {
  r->visits++;
  for (int i = 0; i < s->pat_count; i++) {
    ptrmap_put(&r->defs, s->pat[i], (void *)s);
    set_range(r, s->pat[i], unknown());
  }
  enum ir_exp_kind kind = s->exp.kind;
  bool scalar = kind == IR_SUBEXP || kind == IR_BINOP || kind == IR_UNOP ||
                kind == IR_CONVERT || kind == IR_SHAPE;
  switch (scalar && s->pat_count != 1 ? IR_ASSERT : kind) { /* one variable, or unknowns */
  case IR_SUBEXP:
    bind(r, s->pat[0], range_of(r, s->exp.u.se));
    return;
  case IR_BINOP:
    bind(r, s->pat[0], binop_range(r, &s->exp));
    return;
  case IR_UNOP:
    bind(r, s->pat[0], unop_range(r, &s->exp));
    return;
  case IR_CONVERT:
    bind(r, s->pat[0], convert_range(r, s));
    return;
  case IR_SHAPE:
    bind(r, s->pat[0], (struct range){term_const(r, 0), NULL});
    return;
  case IR_IF:
    walk_if(r, s);
    return;
  case IR_LOOP:
    walk_loop(r, s);
    return;
  case IR_SOAC:
    walk_soac(r, s);
    return;
  default:
    for (int i = 0; i < s->pat_count; i++) {
      bind(r, s->pat[i], s->pat[i]->type.rank == 0 ? type_range(r, s->pat[i]->type.prim)
                                                    : unknown());
    }
    return;
  }
}

static void walk_body(struct ranges *r, const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    walk_stm(r, b->stms[i]);
  }
}

/* ------------------------------------------------------------ The narrow set */

/* Both bounds known, and not constants that the check at launch would refuse. */
static bool known(const struct range *g) {
  return g != NULL && g->lo != NULL && g->hi != NULL &&
         !(is_const(g->hi) && !rts_narrow_fits(0, g->hi->c)) &&
         !(is_const(g->lo) && !rts_narrow_fits(g->lo->c, 0));
}

/* The free variables that binary operators with narrow results read. */
static void note_free_operand(struct ranges *r, struct ir_subexp x) {
  if (x.kind == IR_SE_VAR && x.u.var->type.rank == 0 && x.u.var->type.prim == PRIM_I64 &&
      !ptrmap_has(&r->env, x.u.var) && !ptrmap_has(&r->narrow_free, x.u.var)) {
    ptrmap_put(&r->narrow_free, x.u.var, (void *)x.u.var);
    VEC_PUSH(r->arena, &r->vars, x.u.var);
  }
}

/* Collects the narrow variables in binding order (the env's final ranges). */
static void collect(struct ranges *r, const struct ir_body *b);

static void collect_var(struct ranges *r, const struct ir_var *v) {
  if (v->type.rank == 0 && v->type.prim == PRIM_I64 && known(ptrmap_get(&r->env, v))) {
    VEC_PUSH(r->arena, &r->vars, v);
  }
}

static void collect_lambda(struct ranges *r, const struct ir_lambda *f) {
  if (f != NULL) {
    if (f->index != NULL) {
      collect_var(r, f->index);
    }
    collect(r, f->body);
  }
}

static void collect(struct ranges *r, const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    for (int k = 0; k < s->pat_count; k++) {
      collect_var(r, s->pat[k]);
    }
    if (s->exp.kind == IR_BINOP && s->pat_count == 1 && s->pat[0]->type.prim == PRIM_I64 &&
        known(ptrmap_get(&r->env, s->pat[0]))) {
      note_free_operand(r, s->exp.u.binop.lhs);
      note_free_operand(r, s->exp.u.binop.rhs);
    }
    if (s->exp.kind == IR_LOOP) {
      const struct ir_loop *l = &s->exp.u.loop;
      for (int k = 0; k < l->param_count; k++) {
        collect_var(r, l->params[k]);
      }
      if (!l->is_while) {
        collect_var(r, l->index);
      }
    }
    if (s->exp.kind == IR_SOAC) {
      collect_lambda(r, s->exp.u.soac.map_fn);
      collect_lambda(r, s->exp.u.soac.op);
    }
    struct ir_body *inner[IR_MAX_STM_BODIES];
    int count = ir_stm_bodies(s, inner);
    for (int k = 0; k < count; k++) {
      if (s->exp.kind != IR_SOAC) {
        collect(r, inner[k]);
      }
    }
  }
}

/* min or max of terms[0..n), as a balanced tree: log2 n levels above the deepest of
 * them, and never unknown (the check needs every bound). */
static const struct kir_term *fold_tree(struct ranges *r, enum kir_term_op op,
                                        const struct kir_term **terms, int n) {
  while (n > 1) {
    int k = 0;
    for (int i = 0; i < n; i += 2) {
      terms[k++] = i + 1 < n ? term_unbounded(r, op, terms[i], terms[i + 1]) : terms[i];
    }
    n = k;
  }
  return n == 1 ? terms[0] : NULL;
}

struct kir_narrow kir_narrow_stm(struct arena *a, const struct ir_stm *s) {
  struct ranges r = {.arena = a};
  struct kir_narrow out = {0};
  ptrmap_init(&r.env, a);
  ptrmap_init(&r.defs, a);
  ptrmap_init(&r.narrow_free, a);
  ptrmap_init(&r.assumed, a);
  if (s->exp.kind != IR_SOAC) {
    return out;
  }
  walk_stm(&r, s);
  collect_lambda(&r, s->exp.u.soac.map_fn);
  collect_lambda(&r, s->exp.u.soac.op);
  /* each bound once, then a balanced tree of min (max) over them */
  const struct kir_term **los = ARENA_ARRAY(a, const struct kir_term *, r.vars.len + 1);
  const struct kir_term **his = ARENA_ARRAY(a, const struct kir_term *, r.vars.len + 1);
  int nlo = 0, nhi = 0;
  struct ptrmap seen_lo, seen_hi;
  ptrmap_init(&seen_lo, a);
  ptrmap_init(&seen_hi, a);
  for (int i = 0; i < r.vars.len; i++) {
    struct range g = range_of_var(&r, r.vars.items[i]);
    if (!ptrmap_has(&seen_lo, g.lo)) {
      ptrmap_put(&seen_lo, g.lo, (void *)g.lo);
      los[nlo++] = g.lo;
    }
    if (!ptrmap_has(&seen_hi, g.hi)) {
      ptrmap_put(&seen_hi, g.hi, (void *)g.hi);
      his[nhi++] = g.hi;
    }
  }
  const struct kir_term *lo = fold_tree(&r, KIR_TERM_MIN, los, nlo);
  const struct kir_term *hi = fold_tree(&r, KIR_TERM_MAX, his, nhi);
  out.vars = r.vars.items;
  out.var_count = r.vars.len;
  /* bounds known at compile time need no check */
  out.lo = is_const(lo) ? NULL : lo;
  out.hi = is_const(hi) ? NULL : hi;
  out.nonneg = r.vars.len > 0 ? fold_tree(&r, KIR_TERM_MIN, r.assume.items, r.assume.len) : NULL;
  return out;
}
