/* Internalising expressions: one function per kind of expression, each emitting the
 * IR statements that compute its value into the current body (c->body) and returning
 * the value's static form (internalise_internal.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/internalise_internal.h"

static struct sv *int_exps_tuple(struct ictx *c, struct ienv *env, struct exp *e);

/* --------------------------------------------------------------- Literals */

static struct sv *constant(struct ictx *c, struct type *t, struct ir_const k) {
  struct ir_subexp *se = ARENA_NEW(c->arena, struct ir_subexp);
  *se = ir_se_const(k);
  return sv_dyn(c, t, se, 1);
}

static enum prim_type prim_of(struct ictx *c, struct type *t) {
  t = type_head(t);
  if (t->kind != TYPE_PRIM) {
    ICE("internalise", c->loc, "expected a primitive type, found %s",
        type_to_string(c->arena, t));
  }
  return t->u.prim;
}

static struct sv *int_int(struct ictx *c, struct ienv *env, struct exp *e, bool negative) {
  struct type *t = concrete(c, env, e->type);
  enum prim_type p = prim_of(c, t);
  uint64_t v = e->u.int_lit.value;
  if (prim_is_float(p)) {
    double d = (double)v;
    return constant(c, t, ir_const_float(p, negative ? -d : d));
  }
  if (p == PRIM_BOOL) {
    return constant(c, t, ir_const_int(p, v != 0));
  }
  return constant(c, t, ir_const_int(p, negative ? (int64_t)(0 - v) : (int64_t)v));
}

static struct sv *int_float(struct ictx *c, struct ienv *env, struct exp *e, bool negative) {
  struct type *t = concrete(c, env, e->type);
  enum prim_type p = prim_of(c, t);
  double v = e->u.float_lit.value;
  if (p == PRIM_F32 && e->u.float_lit.text != NULL) {
    float f = strtof(e->u.float_lit.text, NULL);
    return constant(c, t, ir_const_float(p, negative ? -(double)f : (double)f));
  }
  if (e->u.float_lit.text != NULL) {
    v = strtod(e->u.float_lit.text, NULL);
  }
  return constant(c, t, ir_const_float(p, negative ? -v : v));
}

/* ------------------------------------------------------------------ Names */

static struct ir_subexp single(struct ictx *c, struct sv *v) {
  if (v->kind != SV_DYNAMIC || v->u.dyn.count != 1) {
    ICE("internalise", c->loc, "expected a single scalar value");
  }
  return v->u.dyn.comps[0];
}

static struct type **inst_types(struct ictx *c, struct ienv *env, struct tc_inst *inst) {
  if (inst == NULL) {
    return NULL;
  }
  struct type **ts = ARENA_ARRAY(c->arena, struct type *, inst->type_count + 1);
  for (int i = 0; i < inst->type_count; i++) {
    ts[i] = concrete(c, env, inst->types[i]);
  }
  return ts;
}

/* ------------------------------------------------------------------ Aliases */

/* Matches a definition's type (with its type parameters) against a concrete type,
 * recording what each parameter stands for, and each size parameter that is a
 * dimension of an array. */
struct scheme_match {
  struct tc_binding *const *params;
  struct type **types;
  int count;
  struct tc_binding *const *size_params;
  struct size **sizes;
  int size_count;
};

static void match_scheme_dims(struct scheme_match *m, struct type *pattern,
                              struct type *actual) {
  for (int d = 0; d < pattern->u.array.rank && d < actual->u.array.rank; d++) {
    struct size *z = size_head(pattern->u.array.dims[d]);
    for (int i = 0; z->kind == SIZE_NAME && i < m->size_count; i++) {
      if (m->size_params[i] == z->u.name && m->sizes[i] == NULL) {
        m->sizes[i] = actual->u.array.dims[d];
      }
    }
  }
}

static void match_scheme_type(struct ictx *c, struct scheme_match *m, struct type *pattern,
                              struct type *actual) {
  pattern = type_head(pattern);
  actual = type_head(actual);
  switch (pattern->kind) {
  case TYPE_PARAM:
    for (int i = 0; i < m->count; i++) {
      if (m->params[i] == pattern->u.param && m->types[i] == NULL) {
        m->types[i] = actual;
      }
    }
    return;
  case TYPE_ARRAY: {
    if (actual->kind != TYPE_ARRAY) {
      return;
    }
    match_scheme_dims(m, pattern, actual);
    int pr = pattern->u.array.rank, ar = actual->u.array.rank;
    struct type *rest = ar > pr ? type_array(c->arena, actual->u.array.elem,
                                             actual->u.array.dims + pr, ar - pr)
                                : actual->u.array.elem;
    match_scheme_type(c, m, pattern->u.array.elem, rest);
    return;
  }
  case TYPE_TUPLE:
    for (int i = 0; actual->kind == TYPE_TUPLE && i < pattern->u.tuple.count &&
                    i < actual->u.tuple.count; i++) {
      match_scheme_type(c, m, pattern->u.tuple.elems[i], actual->u.tuple.elems[i]);
    }
    return;
  case TYPE_RECORD:
    for (int i = 0; actual->kind == TYPE_RECORD && i < pattern->u.record.count &&
                    i < actual->u.record.count; i++) {
      match_scheme_type(c, m, pattern->u.record.fields[i].type, actual->u.record.fields[i].type);
    }
    return;
  case TYPE_ARROW:
    if (actual->kind == TYPE_ARROW) {
      match_scheme_type(c, m, pattern->u.arrow.param, actual->u.arrow.param);
      match_scheme_type(c, m, pattern->u.arrow.result, actual->u.arrow.result);
    }
    return;
  case TYPE_APPLY:
    if (actual->kind == TYPE_APPLY && actual->u.apply.ctor == pattern->u.apply.ctor) {
      for (int i = 0; i < pattern->u.apply.count; i++) {
        match_scheme_type(c, m, pattern->u.apply.args[i], actual->u.apply.args[i]);
      }
    } else if (pattern->u.apply.ctor->abstract_def != NULL) {
      struct tc_binding *ctor = pattern->u.apply.ctor;
      match_scheme_type(c, m, type_apply_def(c->arena, ctor, ctor->abstract_def,
                                             pattern->u.apply.args, pattern->u.apply.sizes),
                        actual);
    }
    return;
  default:
    return;
  }
}

/* The type of binding b at instantiation inst (its scheme's parameters replaced). */
static struct type *instantiate_plain(struct ictx *c, struct tc_binding *b,
                                      struct tc_inst *inst) {
  if (inst == NULL) {
    return b->scheme.type;
  }
  int n = b->scheme.param_count;
  struct tc_subst s = {0};
  s.type_params = ARENA_ARRAY(c->arena, struct tc_binding *, n + 1);
  s.size_names = ARENA_ARRAY(c->arena, struct tc_binding *, n + 1);
  s.types = ARENA_ARRAY(c->arena, struct type *, n + 1);
  s.sizes = ARENA_ARRAY(c->arena, struct size *, n + 1);
  int ti = 0, si = 0;
  for (int i = 0; i < n; i++) {
    struct type_param *p = &b->scheme.params[i];
    if (p->kind == TPARAM_SIZE && si < inst->size_count) {
      s.size_names[s.size_count] = p->binding;
      s.sizes[s.size_count++] = inst->sizes[si++];
    } else if (p->kind != TPARAM_SIZE && ti < inst->type_count) {
      s.type_params[s.type_count] = p->binding;
      s.types[s.type_count++] = inst->types[ti++];
    }
  }
  return type_subst(c->arena, b->scheme.type, &s);
}

/* The instantiation of `target` at which it has the concrete type `type`. */
static struct tc_inst *inst_at(struct ictx *c, struct tc_binding *target, struct type *type) {
  struct tc_inst *inst = ARENA_NEW(c->arena, struct tc_inst);
  int n = target->scheme.param_count;
  struct tc_binding **params = ARENA_ARRAY(c->arena, struct tc_binding *, n + 1);
  struct tc_binding **size_params = ARENA_ARRAY(c->arena, struct tc_binding *, n + 1);
  for (int i = 0; i < n; i++) {
    if (target->scheme.params[i].kind != TPARAM_SIZE) {
      params[inst->type_count++] = target->scheme.params[i].binding;
    } else {
      size_params[inst->size_count++] = target->scheme.params[i].binding;
    }
  }
  inst->types = ARENA_ARRAY(c->arena, struct type *, inst->type_count + 1);
  inst->sizes = ARENA_ARRAY(c->arena, struct size *, inst->size_count + 1);
  memset(inst->sizes, 0, sizeof *inst->sizes * (size_t)(inst->size_count + 1));
  struct scheme_match m = {params, inst->types, inst->type_count,
                           size_params, inst->sizes, inst->size_count};
  if (type != NULL) {
    match_scheme_type(c, &m, target->scheme.type, type);
  }
  for (int i = 0; i < inst->type_count; i++) {
    if (inst->types[i] == NULL) {
      inst->types[i] = type_unit(c->arena); /* a parameter nothing depends on */
    }
  }
  return inst;
}

struct sv *name_value(struct ictx *c, struct ienv *env, struct tc_binding *b,
                      struct tc_inst *inst, struct type *type) {
  if (b->kind == BIND_DEF && b->alias_of != NULL) {
    /* A member of an ascribed module: the definition it stands for, instantiated at the
     * type this use has. */
    struct tc_binding *target = b->alias_of;
    struct type *t = type != NULL ? concrete(c, env, type)
                                  : concrete(c, env, instantiate_plain(c, b, inst));
    return name_value(c, NULL, target, inst_at(c, target, t), t);
  }
  switch (b->kind) {
  case BIND_VAR: {
    struct sv *v = env_lookup(env, b);
    if (v == NULL) {
      ICE("internalise", c->loc, "variable '%s' has no value", b->name);
    }
    return v;
  }
  case BIND_SIZE: {
    struct ir_subexp *se = ARENA_NEW(c->arena, struct ir_subexp);
    *se = eval_size(c, env, size_name(c->arena, b));
    return sv_dyn(c, type_prim(c->arena, PRIM_I64), se, 1);
  }
  case BIND_DEF: {
    struct sv *v = ARENA_NEW(c->arena, struct sv);
    if (b->let_fun != NULL) {
      struct sv *local = env_lookup(env, b);
      if (local == NULL) {
        ICE("internalise", c->loc, "local function '%s' has no value", b->name);
      }
      *v = *local;
    } else {
      v->kind = SV_DEF;
      v->u.def.binding = b;
    }
    v->type = type;
    v->u.def.inst = inst;
    v->u.def.types = inst_types(c, env, inst);
    v->u.def.caller_env = env;
    if (sv_arity(c, v) == 0) {
      return apply(c, v, NULL, 0, type);
    }
    return v;
  }
  case BIND_INTRINSIC: {
    struct sv *v = sv_new(c, SV_INTRINSIC, type);
    v->u.intrinsic.binding = b;
    v->u.intrinsic.inst = inst;
    v->u.intrinsic.env = env;
    if (intrinsic_arity(b) == 0) {
      return apply_intrinsic(c, v, NULL, 0, type);
    }
    return v;
  }
  default:
    break;
  }
  ICE("internalise", c->loc, "'%s' is not a value", b->name);
}

/* A definition used with zero arguments is a constant: evaluate it now. */
static struct sv *int_var(struct ictx *c, struct ienv *env, struct exp *e) {
  struct type *t = concrete(c, env, e->type);
  struct sv *v = name_value(c, env, e->u.var.binding, e->u.var.inst, t);
  if (v->kind == SV_DEF && sv_arity(c, v) == 0) {
    return apply(c, v, NULL, 0, t);
  }
  return v;
}

/* ----------------------------------------------------------- Constructions */

/* A tuple or record of type t from its n components: one dynamic value of all their
 * components where every one is dynamic, else a static tuple of them. */
static struct sv *compose_tuple(struct ictx *c, struct type *t, struct sv **elems, int n) {
  bool dyn = true;
  for (int i = 0; i < n; i++) {
    dyn = dyn && elems[i]->kind == SV_DYNAMIC;
  }
  if (!dyn) {
    struct sv *v = sv_new(c, SV_TUPLE, t);
    v->u.tuple.elems = elems;
    v->u.tuple.count = n;
    return v;
  }
  VEC(struct ir_subexp) all = {0};
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < elems[i]->u.dyn.count; j++) {
      VEC_PUSH(c->arena, &all, elems[i]->u.dyn.comps[j]);
    }
  }
  return sv_dyn(c, t, all.items, all.len);
}

static struct sv *int_exps_tuple(struct ictx *c, struct ienv *env, struct exp *e) {
  int n = e->u.list.count;
  struct sv **elems = ARENA_ARRAY(c->arena, struct sv *, n + 1);
  for (int i = 0; i < n; i++) {
    elems[i] = int_exp(c, env, e->u.list.elems[i]);
  }
  return compose_tuple(c, concrete(c, env, e->type), elems, n);
}

/* Fields in the record type's (sorted) order. */
static struct sv *compose_record(struct ictx *c, struct type *t, name_t *names,
                                 struct sv **values, int n) {
  struct type *h = type_head(t);
  struct sv **ordered = ARENA_ARRAY(c->arena, struct sv *, n + 1);
  for (int i = 0; i < n; i++) {
    int k = i;
    if (h->kind == TYPE_RECORD) {
      for (int j = 0; j < h->u.record.count; j++) {
        if (h->u.record.fields[j].name == names[i]) {
          k = j;
        }
      }
    } else {
      k = atoi(names[i]);
    }
    ordered[k] = values[i];
  }
  return compose_tuple(c, t, ordered, n);
}

static struct sv *int_record(struct ictx *c, struct ienv *env, struct exp *e) {
  int n = e->u.record.count;
  name_t *names = ARENA_ARRAY(c->arena, name_t, n + 1);
  struct sv **values = ARENA_ARRAY(c->arena, struct sv *, n + 1);
  for (int i = 0; i < n; i++) {
    struct exp_field *f = &e->u.record.fields[i];
    names[i] = f->name;
    values[i] = int_exp(c, env, f->value != NULL ? f->value : f->implicit_var);
  }
  return compose_record(c, concrete(c, env, e->type), names, values, n);
}

static struct sv *int_array(struct ictx *c, struct ienv *env, struct exp *e) {
  struct type *t = concrete(c, env, e->type);
  int n = e->u.list.count;
  int k = comp_count(t);
  struct ir_type *ts = ARENA_ARRAY(c->arena, struct ir_type, k + 1);
  comp_types(c, env, t, ts);
  struct ir_subexp **elems = ARENA_ARRAY(c->arena, struct ir_subexp *, n + 1);
  for (int i = 0; i < n; i++) {
    int count;
    elems[i] = sv_comps(c, int_exp(c, env, e->u.list.elems[i]), &count);
  }
  struct ir_subexp *comps = ARENA_ARRAY(c->arena, struct ir_subexp, k + 1);
  for (int j = 0; j < k; j++) {
    struct ir_exp x = {.kind = IR_ARRAY_LIT};
    x.u.array_lit.count = n;
    x.u.array_lit.elems = ARENA_ARRAY(c->arena, struct ir_subexp, n + 1);
    for (int i = 0; i < n; i++) {
      x.u.array_lit.elems[i] = elems[i][j];
    }
    x.u.array_lit.row = ir_type_row(ts[j]);
    comps[j] = emit1(c, "arr", ts[j], x);
  }
  return sv_dyn(c, t, comps, k);
}

/* ---------------------------------------------------------------- Indexing */

struct sv *index_value(struct ictx *c, struct sv *array, struct ir_dim_index *dims, int count,
                       struct type *result_type) {
  int n;
  struct ir_subexp *comps = sv_comps(c, array, &n);
  bool all_fixed = true;
  for (int i = 0; i < count; i++) {
    all_fixed = all_fixed && !dims[i].is_slice;
  }
  struct ir_subexp *out = ARENA_ARRAY(c->arena, struct ir_subexp, n + 1);
  struct ir_type *want = ARENA_ARRAY(c->arena, struct ir_type, n + 1);
  bool typed = comp_count(result_type) == n;
  if (typed) {
    comp_types(c, NULL, result_type, want);
  }
  for (int i = 0; i < n; i++) {
    struct ir_type t = ir_subexp_type(comps[i]);
    int fixed = 0;
    for (int j = 0; j < count; j++) {
      fixed += !dims[j].is_slice;
    }
    struct ir_type r = ir_type_array(c->arena, t.prim, t.rank - fixed, NULL);
    /* Dimensions not indexed keep their sizes. */
    for (int d = count; d < t.rank; d++) {
      r.dims[d - fixed] = t.dims[d];
    }
    struct ir_exp e = {.kind = all_fixed ? IR_INDEX : IR_SLICE};
    e.u.index.array = comps[i].u.var;
    e.u.index.dims = dims;
    e.u.index.count = count;
    out[i] = emit1(c, all_fixed ? "elem" : "slice", r, e);
  }
  return sv_dyn(c, result_type, out, n);
}

/* An index of another integer type is converted to i64, as Futhark does (the type
 * checker accepts any integer type). */
static struct ir_subexp opt_index(struct ictx *c, struct ienv *env, struct exp *e) {
  if (e == NULL) {
    return ir_se_none();
  }
  return emit_convert(c, "idx", single(c, int_exp(c, env, e)), PRIM_I64);
}

static struct ir_dim_index *int_dims(struct ictx *c, struct ienv *env, struct dim_index *ds,
                                     int count) {
  struct ir_dim_index *dims = ARENA_ARRAY(c->arena, struct ir_dim_index, count + 1);
  for (int i = 0; i < count; i++) {
    dims[i].is_slice = ds[i].is_slice;
    if (!ds[i].is_slice) {
      dims[i].fixed = opt_index(c, env, ds[i].fixed);
      continue;
    }
    dims[i].start = opt_index(c, env, ds[i].start);
    dims[i].end = opt_index(c, env, ds[i].end);
    dims[i].stride = opt_index(c, env, ds[i].stride);
  }
  return dims;
}

static struct sv *int_index(struct ictx *c, struct ienv *env, struct exp *e) {
  struct sv *a = int_exp(c, env, e->u.index.array);
  struct ir_dim_index *dims = int_dims(c, env, e->u.index.indices, e->u.index.count);
  return index_value(c, a, dims, e->u.index.count, concrete(c, env, e->type));
}

static struct sv *update_value(struct ictx *c, struct sv *a, struct ir_dim_index *dims,
                               int count, struct sv *value) {
  int n, m;
  struct ir_subexp *comps = sv_comps(c, a, &n);
  struct ir_subexp *vals = sv_comps(c, value, &m);
  struct ir_subexp *out = ARENA_ARRAY(c->arena, struct ir_subexp, n + 1);
  for (int i = 0; i < n; i++) {
    struct ir_exp e = {.kind = IR_UPDATE};
    e.u.update.array = comps[i].u.var;
    e.u.update.dims = dims;
    e.u.update.count = count;
    e.u.update.value = vals[i];
    struct ir_type t = comps[i].u.var->type;
    t.unique = false;
    out[i] = emit1(c, comps[i].u.var->name, t, e);
  }
  return sv_dyn(c, a->type, out, n);
}

static struct sv *int_update(struct ictx *c, struct ienv *env, struct exp *e) {
  struct sv *a = int_exp(c, env, e->u.update.array);
  struct ir_dim_index *dims = int_dims(c, env, e->u.update.indices, e->u.update.count);
  struct sv *v = int_exp(c, env, e->u.update.value);
  return update_value(c, a, dims, e->u.update.count, v);
}

static struct sv *record_with(struct ictx *c, struct sv *r, name_t *path, int len,
                              struct sv *value) {
  if (len == 0) {
    return value;
  }
  struct type *t = type_head(r->type);
  int n = t->kind == TYPE_RECORD ? t->u.record.count : t->u.tuple.count;
  int k = field_index(t, path[0]);
  name_t *names = ARENA_ARRAY(c->arena, name_t, n + 1);
  struct sv **values = ARENA_ARRAY(c->arena, struct sv *, n + 1);
  for (int i = 0; i < n; i++) {
    names[i] = t->kind == TYPE_RECORD ? t->u.record.fields[i].name : intern_printf("%d", i);
    struct sv *f = sv_tuple_elem(c, r, i);
    values[i] = i == k ? record_with(c, f, path + 1, len - 1, value) : f;
  }
  return compose_record(c, r->type, names, values, n);
}

/* The first component of field `field` among those of a value of type t (an array's
 * are its elements'); *part is the field's type. */
static int field_offset(struct type *t, name_t field, struct type **part) {
  struct type *h = type_head(t);
  struct type *shape = h->kind == TYPE_ARRAY ? type_head(h->u.array.elem) : h;
  int k = field_index(shape, field);
  int offset = 0;
  for (int j = 0; j < k; j++) {
    offset += comp_count(type_part(shape, j));
  }
  *part = type_part(shape, k);
  return offset;
}

/* A copy of each array component of v (for a slice that is updated, then written back). */
static struct sv *copy_arrays(struct ictx *c, struct sv *v) {
  int k;
  struct ir_subexp *cs = sv_comps(c, v, &k);
  struct ir_subexp *out = ARENA_ARRAY(c->arena, struct ir_subexp, k + 1);
  for (int i = 0; i < k; i++) {
    struct ir_type t = ir_subexp_type(cs[i]);
    out[i] = cs[i];
    if (t.rank > 0) {
      struct ir_exp e = {.kind = IR_COPY};
      e.u.copy = cs[i].u.var;
      t.unique = false;
      out[i] = emit1(c, "copy", t, e);
    }
  }
  return sv_dyn(c, v->type, out, k);
}

static bool has_slice(struct path_step *st) {
  for (int j = 0; st->is_index && j < st->count; j++) {
    if (st->indices[j].is_slice) {
      return true;
    }
  }
  return false;
}

/* The steps of an update path after its leading fields: those, up to the first index
 * list with a slice that more index lists follow, are applied at once. An array of
 * records is an array per field, so `[i].f[j]` is the arrays of f updated in place at
 * [i, j] and the other components stay as they are. After such a slice, the rest of
 * the path updates a copy of the slice, which is then written back in place: the
 * indices of the rest are of the slice, not of the array. */
static struct sv *update_array_path(struct ictx *c, struct sv *a, struct path_step *steps,
                                    struct ir_dim_index **dims, struct type **types, int n,
                                    struct sv *value) {
  int split = n;
  for (int i = 0; i < n && split == n; i++) {
    for (int j = i + 1; j < n && has_slice(&steps[i]); j++) {
      split = steps[j].is_index ? i + 1 : split;
    }
  }
  struct sv *target = a;
  struct type *shape = a->type;
  int offset = 0, total = 0;
  for (int i = 0; i < split; i++) {
    if (steps[i].is_index) {
      total += steps[i].count;
      continue;
    }
    offset += field_offset(shape, steps[i].field, &shape);
    target = sv_field(c, target, steps[i].field);
  }
  struct ir_dim_index *all = ARENA_ARRAY(c->arena, struct ir_dim_index, total + 1);
  int at = 0;
  for (int i = 0; i < split; i++) {
    for (int j = 0; steps[i].is_index && j < steps[i].count; j++) {
      all[at++] = dims[i][j];
    }
  }
  if (split < n) {
    struct sv *part = copy_arrays(c, index_value(c, target, all, total, types[split - 1]));
    value = update_array_path(c, part, steps + split, dims + split, types + split, n - split,
                              value);
  }
  struct sv *updated = update_value(c, target, all, total, value);
  int count, k;
  struct ir_subexp *comps = sv_comps(c, a, &count);
  struct ir_subexp *fresh = sv_comps(c, updated, &k);
  struct ir_subexp *out = ARENA_ARRAY(c->arena, struct ir_subexp, count + 1);
  for (int i = 0; i < count; i++) {
    out[i] = i >= offset && i < offset + k ? fresh[i - offset] : comps[i];
  }
  return sv_dyn(c, a->type, out, count);
}

/* Leading fields go through record_with (a record may hold functions), the rest
 * through update_array_path. */
static struct sv *update_path(struct ictx *c, struct sv *v, struct path_step *steps,
                              struct ir_dim_index **dims, struct type **types, int n,
                              struct sv *value) {
  if (n == 0) {
    return value;
  }
  if (steps[0].is_index) {
    return update_array_path(c, v, steps, dims, types, n, value);
  }
  struct sv *field = sv_field(c, v, steps[0].field);
  return record_with(c, v, &steps[0].field, 1,
                     update_path(c, field, steps + 1, dims + 1, types + 1, n - 1, value));
}

/* The source, then the indices, then the value, as for `a with [i] = v`. */
static struct sv *int_update_path(struct ictx *c, struct ienv *env, struct exp *e) {
  struct sv *source = int_exp(c, env, e->u.update_path.source);
  int n = e->u.update_path.step_count;
  struct path_step *steps = e->u.update_path.steps;
  struct ir_dim_index **dims = ARENA_ARRAY(c->arena, struct ir_dim_index *, n);
  struct type **types = ARENA_ARRAY(c->arena, struct type *, n);
  for (int i = 0; i < n; i++) {
    dims[i] = steps[i].is_index ? int_dims(c, env, steps[i].indices, steps[i].count) : NULL;
    types[i] = steps[i].is_index ? concrete(c, env, steps[i].type) : NULL;
  }
  struct sv *value = int_exp(c, env, e->u.update_path.value);
  return update_path(c, source, steps, dims, types, n, value);
}

/* ------------------------------------------------------------ Operators */

static struct sv *int_and_or(struct ictx *c, struct ienv *env, struct exp *e, bool is_and) {
  struct ir_subexp a = single(c, int_exp(c, env, e->u.binop.lhs));
  struct ir_exp x = {.kind = IR_IF};
  x.u.if_.cond = a;
  struct ir_body *saved = c->body;
  struct ir_body *eval = new_body(c);
  c->body = eval;
  struct ir_subexp b = single(c, int_exp(c, env, e->u.binop.rhs));
  ir_body_set_results(c->arena, eval, &b, 1);
  struct ir_body *constant_body = new_body(c);
  struct ir_subexp k = ir_se_bool(!is_and);
  ir_body_set_results(c->arena, constant_body, &k, 1);
  c->body = saved;
  x.u.if_.then_body = is_and ? eval : constant_body;
  x.u.if_.else_body = is_and ? constant_body : eval;
  struct ir_subexp *r = ARENA_NEW(c->arena, struct ir_subexp);
  *r = emit1(c, is_and ? "and" : "or", ir_type_scalar(PRIM_BOOL), x);
  return sv_dyn(c, type_prim(c->arena, PRIM_BOOL), r, 1);
}

static struct sv *int_binop(struct ictx *c, struct ienv *env, struct exp *e) {
  struct type *t = concrete(c, env, e->type);
  struct tc_binding *b = e->u.binop.binding;
  if (b->kind == BIND_INTRINSIC && b->intrinsic == INTR_OPERATOR &&
      (b->intrinsic_op == IR_BINOP_LAND || b->intrinsic_op == IR_BINOP_LOR)) {
    return int_and_or(c, env, e, b->intrinsic_op == IR_BINOP_LAND);
  }
  struct sv *op = name_value(c, env, b, e->u.binop.inst, NULL);
  struct sv *args[2];
  args[0] = int_exp(c, env, e->u.binop.lhs);
  args[1] = int_exp(c, env, e->u.binop.rhs);
  return apply(c, op, args, 2, t);
}

static struct sv *int_unary(struct ictx *c, struct ienv *env, struct exp *e) {
  struct exp *x = e->u.unary;
  if (e->kind == EXP_NEGATE && x->kind == EXP_INT) {
    return int_int(c, env, x, true);
  }
  if (e->kind == EXP_NEGATE && x->kind == EXP_FLOAT) {
    return int_float(c, env, x, true);
  }
  struct type *t = concrete(c, env, e->type);
  enum prim_type p = prim_of(c, t);
  struct ir_exp u = {.kind = IR_UNOP};
  u.u.unop.operand = single(c, int_exp(c, env, x));
  u.u.unop.op = e->kind == EXP_NEGATE ? IR_UNOP_NEG
                : p == PRIM_BOOL      ? IR_UNOP_NOT
                                      : IR_UNOP_COMPLEMENT;
  struct ir_subexp *r = ARENA_NEW(c->arena, struct ir_subexp);
  *r = emit1(c, "u", ir_type_scalar(p), u);
  return sv_dyn(c, t, r, 1);
}

static struct sv *int_section(struct ictx *c, struct ienv *env, struct exp *e) {
  struct type *t = concrete(c, env, e->type);
  struct sv *op = name_value(c, env, e->u.section.binding, e->u.section.inst, NULL);
  if (e->kind == EXP_SECTION_OP) {
    struct sv *copy = arena_dup(c->arena, op, sizeof *op);
    copy->type = t;
    return copy;
  }
  struct sv *x = int_exp(c, env, e->u.section.operand);
  if (e->kind == EXP_SECTION_LEFT) {
    return apply(c, op, &x, 1, t);
  }
  struct sv *v = sv_new(c, SV_SECTION_RIGHT, t);
  v->u.section.op = op;
  v->u.section.right = x;
  return v;
}

static struct sv *int_section_path(struct ictx *c, struct ienv *env, struct exp *e) {
  struct sv *v = sv_new(c, SV_PATH, concrete(c, env, e->type));
  int n = e->u.section_path.step_count;
  v->u.path.steps = e->u.section_path.steps;
  v->u.path.count = n;
  v->u.path.dims = ARENA_ARRAY(c->arena, struct ir_dim_index *, n);
  v->u.path.types = ARENA_ARRAY(c->arena, struct type *, n);
  for (int i = 0; i < n; i++) {
    struct path_step *st = &e->u.section_path.steps[i];
    v->u.path.dims[i] = st->is_index ? int_dims(c, env, st->indices, st->count) : NULL;
    v->u.path.types[i] = st->is_index ? concrete(c, env, st->type) : NULL;
  }
  return v;
}

static struct sv *int_section_index(struct ictx *c, struct ienv *env, struct exp *e) {
  struct sv *v = sv_new(c, SV_INDEX, concrete(c, env, e->type));
  v->u.index.count = e->u.section_index.count;
  v->u.index.dims = int_dims(c, env, e->u.section_index.indices, e->u.section_index.count);
  return v;
}

/* ------------------------------------------------------------------ Lets */

static struct sv *int_let(struct ictx *c, struct ienv *env, struct exp *e) {
  struct sv *v = int_exp(c, env, e->u.let.value);
  env = bind_pat(c, env, e->u.let.pat, v);
  return int_exp(c, env, e->u.let.body);
}

static struct sv *int_let_fun(struct ictx *c, struct ienv *env, struct exp *e) {
  struct sv *f = sv_new(c, SV_LOCAL_DEF, NULL);
  f->u.def.binding = e->u.let_fun.binding;
  f->u.def.env = env;
  env = env_add(c, env, e->u.let_fun.binding, f);
  return int_exp(c, env, e->u.let_fun.body);
}

static struct sv *int_let_with(struct ictx *c, struct ienv *env, struct exp *e) {
  struct sv *a = env_lookup(env, e->u.let_with.source);
  if (a == NULL) {
    ICE("internalise", c->loc, "array '%s' has no value", e->u.let_with.name);
  }
  struct ir_dim_index *dims = int_dims(c, env, e->u.let_with.indices, e->u.let_with.count);
  struct sv *v = int_exp(c, env, e->u.let_with.value);
  struct sv *r = update_value(c, a, dims, e->u.let_with.count, v);
  env = env_add(c, env, e->u.let_with.binding, r);
  return int_exp(c, env, e->u.let_with.body);
}

/* ---------------------------------------------------------- Conditionals */

/* Fresh variables for the components of t, with the sizes known in env. */
static struct ir_var **result_vars(struct ictx *c, struct ienv *env, struct type *t,
                                   int *count) {
  int n = comp_count(t);
  struct ir_type *ts = ARENA_ARRAY(c->arena, struct ir_type, n + 1);
  comp_types(c, env, t, ts);
  struct ir_var **vars = ARENA_ARRAY(c->arena, struct ir_var *, n + 1);
  for (int i = 0; i < n; i++) {
    vars[i] = fresh(c, "r", ts[i]);
  }
  *count = n;
  return vars;
}

/* A branch of an if of type t: its components, then the values of t's hidden sizes
 * (Note [Sizes that values show]) at the same places in the branch's own type. */
static struct ir_body *branch(struct ictx *c, struct ienv *env, struct exp *e, int want,
                              struct type *t, struct tc_binding **hidden, int hidden_count) {
  struct ir_body *saved = c->body;
  struct ir_body *b = new_body(c);
  c->body = b;
  int n;
  struct sv *v = int_exp(c, env, e);
  struct ir_subexp *res = sv_comps(c, v, &n);
  if (n != want) {
    ICE("internalise", e->loc, "a branch gives %d components where %d are expected", n, want);
  }
  struct ir_subexp *all = ARENA_ARRAY(c->arena, struct ir_subexp, n + hidden_count + 1);
  memcpy(all, res, sizeof *all * (size_t)n);
  struct type *own = concrete(c, env, e->type);
  for (int i = 0; i < hidden_count; i++) {
    struct size *s = size_at_same_place(t, own, hidden[i]);
    if (s == NULL) {
      ICE("internalise", e->loc, "a branch's type does not have the shape of the if's");
    }
    all[n + i] = eval_size(c, env, s);
  }
  ir_body_set_results(c->arena, b, all, n + hidden_count);
  c->body = saved;
  return b;
}

static struct sv *int_if(struct ictx *c, struct ienv *env, struct exp *e) {
  struct type *t = concrete(c, env, e->type);
  struct ir_exp x = {.kind = IR_IF};
  x.u.if_.cond = single(c, int_exp(c, env, e->u.if_.cond));
  int n;
  struct ir_var **vars = result_vars(c, env, t, &n);
  struct tc_binding **hidden;
  int h = hidden_sizes(c, env, t, &hidden);
  struct ir_var **all = ARENA_ARRAY(c->arena, struct ir_var *, n + h + 1);
  memcpy(all, vars, sizeof *all * (size_t)n);
  for (int i = 0; i < h; i++) {
    all[n + i] = fresh(c, hidden[i]->name, ir_type_scalar(PRIM_I64));
  }
  x.u.if_.then_body = branch(c, env, e->u.if_.then_branch, n, t, hidden, h);
  x.u.if_.else_body = branch(c, env, e->u.if_.else_branch, n, t, hidden, h);
  emit(c, x, all, n + h);
  for (int i = 0; i < h; i++) {
    note_shown_size(c, hidden[i], ir_se_var(all[n + i]));
  }
  return sv_from_vars(c, t, vars, n);
}

/* ------------------------------------------------------------------ Loops */

/* The values of the loop parameters' hidden sizes (Note [Sizes that values show]) in a
 * value of type u made here: the loop's initial value, or the body's result. */
static struct ir_subexp *loop_sizes(struct ictx *c, struct ienv *env, struct type *param_t,
                                    struct type *u, struct tc_binding **hidden, int h,
                                    struct loc loc) {
  struct ir_subexp *values = ARENA_ARRAY(c->arena, struct ir_subexp, h + 1);
  for (int i = 0; i < h; i++) {
    struct size *s = size_at_same_place(param_t, u, hidden[i]);
    if (s == NULL || !size_value(c, env, s, &values[i])) {
      ICE("internalise", loc, "the size %s of a loop parameter has no value", hidden[i]->name);
    }
  }
  return values;
}

static struct sv *int_loop(struct ictx *c, struct ienv *env, struct exp *e) {
  bool unroll = c->unroll_next;
  c->unroll_next = false;
  struct sv *init = int_exp(c, env, e->u.loop.init);
  int n;
  struct ir_subexp *inits = sv_comps(c, init, &n);
  struct type *param_t = concrete(c, env, e->u.loop.pat->type);
  struct ir_type *ts = ARENA_ARRAY(c->arena, struct ir_type, n + 1);
  if (comp_count(param_t) == n) {
    comp_types(c, env, param_t, ts);
  } else {
    for (int i = 0; i < n; i++) {
      ts[i] = ir_subexp_type(inits[i]);
    }
  }
  bool is_while = e->u.loop.form == LOOP_WHILE;
  /* Sizes of the parameters that no component shows are parameters of their own, after
   * the components (Note [Sizes that values show]). */
  struct tc_binding **hidden;
  int h = hidden_sizes(c, env, param_t, &hidden);
  struct ir_subexp *hidden_inits =
      loop_sizes(c, env, param_t, concrete(c, env, e->u.loop.init->type), hidden, h, e->loc);
  struct ir_loop loop = {0};
  loop.param_count = n + h + is_while;
  loop.params = ARENA_ARRAY(c->arena, struct ir_var *, n + h + 2);
  loop.inits = ARENA_ARRAY(c->arena, struct ir_subexp, n + h + 2);
  loop.unroll = unroll;
  for (int i = 0; i < n; i++) {
    ts[i].unique = ts[i].rank > 0;
    loop.params[i] = fresh(c, "acc", ts[i]);
    loop.inits[i] = inits[i];
  }
  for (int i = 0; i < h; i++) {
    loop.params[n + i] = fresh(c, hidden[i]->name, ir_type_scalar(PRIM_I64));
    loop.inits[n + i] = hidden_inits[i];
  }
  struct sv *array = NULL;
  if (e->u.loop.form == LOOP_FOR) {
    loop.bound = single(c, int_exp(c, env, e->u.loop.bound));
    loop.index = fresh(c, e->u.loop.index_name, ir_type_scalar(ir_subexp_type(loop.bound).prim));
  } else if (e->u.loop.form == LOOP_FOR_IN) {
    array = int_exp(c, env, e->u.loop.for_in_array);
    struct type *at = type_head(array->type);
    struct ir_subexp len;
    int k;
    struct ir_subexp *acomps = sv_comps(c, array, &k);
    if (k > 0) {
      len = emit_shape(c, acomps[0], 0);
    } else {
      len = eval_size(c, env, at->u.array.dims[0]);
    }
    loop.bound = len;
    loop.index = fresh(c, "i", ir_type_scalar(PRIM_I64));
  } else {
    struct ienv *first = bind_size_values(c, env, hidden, hidden_inits, h);
    first = bind_pat(c, first, e->u.loop.pat, init);
    loop.inits[n + h] = single(c, int_exp(c, first, e->u.loop.bound));
    loop.cond = fresh(c, "cond", ir_type_scalar(PRIM_BOOL));
    loop.params[n + h] = loop.cond;
  }
  loop.is_while = is_while;
  struct ir_body *saved = c->body;
  loop.body = new_body(c);
  c->body = loop.body;
  struct ir_subexp *hidden_params = ARENA_ARRAY(c->arena, struct ir_subexp, h + 1);
  for (int i = 0; i < h; i++) {
    hidden_params[i] = ir_se_var(loop.params[n + i]);
  }
  struct ienv *inner = bind_size_values(c, env, hidden, hidden_params, h);
  inner = bind_pat(c, inner, e->u.loop.pat, sv_from_vars(c, param_t, loop.params, n));
  if (e->u.loop.form == LOOP_FOR) {
    inner = env_add(c, inner, e->u.loop.index_binding,
                    sv_from_vars(c, type_prim(c->arena, ir_subexp_type(loop.bound).prim),
                                 &loop.index, 1));
  } else if (e->u.loop.form == LOOP_FOR_IN) {
    inner = bind_pat(c, inner, e->u.loop.for_in_pat, sv_row(c, array, ir_se_var(loop.index)));
  }
  struct sv *next = int_exp(c, inner, e->u.loop.body);
  int m;
  struct ir_subexp *res = sv_comps(c, next, &m);
  struct ir_subexp *hidden_next =
      loop_sizes(c, inner, param_t, concrete(c, inner, e->u.loop.body->type), hidden, h,
                 e->u.loop.body->loc);
  struct ir_subexp *results = ARENA_ARRAY(c->arena, struct ir_subexp, m + h + 2);
  memcpy(results, res, sizeof *res * (size_t)m);
  memcpy(results + m, hidden_next, sizeof *hidden_next * (size_t)h);
  if (is_while) {
    struct ienv *after = bind_size_values(c, env, hidden, hidden_next, h);
    after = bind_pat(c, after, e->u.loop.pat, next);
    results[m + h] = single(c, int_exp(c, after, e->u.loop.bound));
  }
  ir_body_set_results(c->arena, loop.body, results, m + h + is_while);
  c->body = saved;
  struct type *t = concrete(c, env, e->type);
  int rn;
  struct ir_var **vars = result_vars(c, env, t, &rn);
  struct ir_var **pat = ARENA_ARRAY(c->arena, struct ir_var *, rn + h + 2);
  memcpy(pat, vars, sizeof *vars * (size_t)rn);
  for (int i = 0; i < h; i++) {
    pat[rn + i] = fresh(c, hidden[i]->name, ir_type_scalar(PRIM_I64));
  }
  if (is_while) {
    pat[rn + h] = fresh(c, "done", ir_type_scalar(PRIM_BOOL));
  }
  struct ir_exp x = {.kind = IR_LOOP};
  x.u.loop = loop;
  emit(c, x, pat, rn + h + is_while);
  for (int i = 0; i < h; i++) {
    struct size *s = size_at_same_place(param_t, t, hidden[i]);
    if (s != NULL && size_head(s)->kind == SIZE_NAME) {
      note_shown_size(c, size_head(s)->u.name, ir_se_var(pat[rn + i]));
    }
  }
  return sv_from_vars(c, t, vars, rn);
}

/* ------------------------------------------------------------ Ascriptions */

static struct sv *int_coerce(struct ictx *c, struct ienv *env, struct exp *e) {
  struct sv *v = int_exp(c, env, e->u.ascript.exp);
  struct type *t = concrete(c, env, e->type);
  int n;
  struct ir_subexp *comps = sv_comps(c, v, &n);
  struct ir_type *want = ARENA_ARRAY(c->arena, struct ir_type, n + 1);
  if (comp_count(t) != n) {
    return v;
  }
  comp_types_computed(c, env, t, want);
  for (int i = 0; i < n; i++) {
    for (int d = 0; d < want[i].rank; d++) {
      if (want[i].dims[d].kind == IR_SE_NONE) {
        continue;
      }
      struct ir_subexp have = emit_shape(c, comps[i], d);
      if (ir_subexp_equal(have, want[i].dims[d])) {
        continue;
      }
      struct ir_exp a = {.kind = IR_ASSERT};
      a.u.assert_.cond = emit_binop(c, IR_BINOP_EQ, have, want[i].dims[d], PRIM_BOOL);
      a.u.assert_.message = arena_printf(
          c->arena, "the value's size does not match the type %s it is coerced to",
          type_to_string(c->arena, t));
      emit(c, a, NULL, 0);
    }
  }
  struct sv *r = sv_dyn(c, t, comps, n);
  return r;
}

/* "assertion failed: COND", with the condition's source text when it is on one line and
 * short, as Futhark's message shows the condition. */
static const char *assert_message(struct ictx *c, struct loc cond) {
  size_t len;
  const char *text = diag_source_text(cond, &len);
  if (text == NULL || len > 80) {
    return "assertion failed";
  }
  return arena_printf(c->arena, "assertion failed: %.*s", (int)len, text);
}

static struct sv *int_assert(struct ictx *c, struct ienv *env, struct exp *e) {
  struct ir_exp a = {.kind = IR_ASSERT};
  a.u.assert_.cond = single(c, int_exp(c, env, e->u.assert_.cond));
  a.u.assert_.message = assert_message(c, e->u.assert_.cond->loc);
  struct loc saved = c->loc;
  c->loc = e->u.assert_.cond->loc;
  emit(c, a, NULL, 0);
  c->loc = saved;
  return int_exp(c, env, e->u.assert_.exp);
}

static struct sv *int_attr(struct ictx *c, struct ienv *env, struct exp *e) {
  const char *name = e->u.attr.attr->name != NULL ? e->u.attr.attr->name : "";
  bool saved_unsafe = c->unsafe, saved_seq = c->sequential;
  if (strcmp(name, "unsafe") == 0) {
    c->unsafe = true;
  } else if (strcmp(name, "sequential") == 0) {
    c->sequential = true;
  } else if (strcmp(name, "unroll") == 0) {
    c->unroll_next = e->u.attr.exp->kind == EXP_LOOP;
  }
  struct sv *r = int_exp(c, env, e->u.attr.exp);
  c->unsafe = saved_unsafe;
  c->sequential = saved_seq;
  return r;
}

/* ------------------------------------------------------------- Dispatcher */

static struct sv *int_exp_kind(struct ictx *c, struct ienv *env, struct exp *e) {
  switch (e->kind) {
  case EXP_INT:
    return int_int(c, env, e, false);
  case EXP_FLOAT:
    return int_float(c, env, e, false);
  case EXP_BOOL: {
    struct ir_const k = {.prim = PRIM_BOOL};
    k.v.b = e->u.bool_lit;
    return constant(c, type_prim(c->arena, PRIM_BOOL), k);
  }
  case EXP_VAR:
    return int_var(c, env, e);
  case EXP_TUPLE:
    return int_exps_tuple(c, env, e);
  case EXP_RECORD:
    return int_record(c, env, e);
  case EXP_ARRAY:
    return int_array(c, env, e);
  case EXP_PROJECT:
    return sv_field(c, int_exp(c, env, e->u.project.exp), e->u.project.field);
  case EXP_INDEX:
    return int_index(c, env, e);
  case EXP_UPDATE:
    return int_update(c, env, e);
  case EXP_RECORD_UPDATE:
    return record_with(c, int_exp(c, env, e->u.record_update.record), e->u.record_update.path,
                       e->u.record_update.path_len, int_exp(c, env, e->u.record_update.value));
  case EXP_UPDATE_PATH:
    return int_update_path(c, env, e);
  case EXP_APPLY: {
    struct sv *f = int_exp(c, env, e->u.apply.fn);
    struct sv **args = ARENA_ARRAY(c->arena, struct sv *, e->u.apply.count + 1);
    for (int i = 0; i < e->u.apply.count; i++) {
      args[i] = int_exp(c, env, e->u.apply.args[i]);
    }
    return apply(c, f, args, e->u.apply.count, concrete(c, env, e->type));
  }
  case EXP_BINOP:
    return int_binop(c, env, e);
  case EXP_NEGATE:
  case EXP_NOT:
    return int_unary(c, env, e);
  case EXP_SECTION_OP:
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
    return int_section(c, env, e);
  case EXP_SECTION_PROJECT: {
    struct sv *v = sv_new(c, SV_PROJECT, concrete(c, env, e->type));
    v->u.project.fields = e->u.section_project.fields;
    v->u.project.count = e->u.section_project.count;
    return v;
  }
  case EXP_SECTION_INDEX:
    return int_section_index(c, env, e);
  case EXP_SECTION_PATH:
    return int_section_path(c, env, e);
  case EXP_LAMBDA: {
    struct sv *v = sv_new(c, SV_CLOSURE, concrete(c, env, e->type));
    v->u.closure.lambda = e;
    v->u.closure.env = env;
    return v;
  }
  case EXP_LET:
    return int_let(c, env, e);
  case EXP_LET_FUN:
    return int_let_fun(c, env, e);
  case EXP_LET_WITH:
    return int_let_with(c, env, e);
  case EXP_IF:
    return int_if(c, env, e);
  case EXP_LOOP:
    return int_loop(c, env, e);
  case EXP_ASSERT:
    return int_assert(c, env, e);
  case EXP_ASCRIPT:
    return int_exp(c, env, e->u.ascript.exp);
  case EXP_COERCE:
    return int_coerce(c, env, e);
  case EXP_ATTR:
    return int_attr(c, env, e);
  case EXP_QUAL_PARENS:
    return int_exp(c, env, e->u.qual_parens.exp);
  case EXP_RANGE:
    return int_range(c, env, e);
  case EXP_HOLE:
    break; /* the type checker rejects holes */
  }
  ICE("internalise", e->loc, "cannot internalise a %s expression", exp_kind_name(e->kind));
}

struct sv *int_exp(struct ictx *c, struct ienv *env, struct exp *e) {
  diag_checkpoint(e->loc);
  struct loc saved = c->loc;
  c->loc = e->loc;
  struct sv *r = int_exp_kind(c, env, e);
  show_value_sizes(c, r);
  c->loc = saved;
  return r;
}
