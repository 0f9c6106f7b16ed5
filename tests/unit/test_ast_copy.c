/* Unit test of the AST's deep copy (src/parser/ast_copy.c).
 *
 * Parses every .dsl file under tests/ that parses, and the prelude; sets every typed field of
 * the tree to a marker (as if the type checker had run), and copies every
 * declaration with ast_copy_dec, every module expression with ast_copy_mod_exp and
 * every module type with ast_copy_mod_type_exp. Then checks that
 *  - the copy prints exactly as the original (ast_print_program);
 *  - no node or array of the copy is a node or array of the original (a walk of
 *    both trees, the original's pointers in a set);
 *  - every typed field of the copy is NULL.
 * Prints one line per failed check; exits 1 if any failed.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "parser/ast.h"
#include "parser/parse.h"
#include "support/arena.h"
#include "support/diag.h"
#include "support/ptrmap.h"
#include "support/strbuf.h"
#include "support/strtab.h"

static int failures, checks;
static const char *current_file;

/* Only the first failures are shown: one missed field fails thousands of checks. */
enum { MAX_SHOWN = 40 };

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    checks++;                                                                  \
    if (!(cond) && ++failures <= MAX_SHOWN) {                                  \
      printf("%s:%d: %s: check failed: ", __FILE__, __LINE__, current_file);   \
      printf(__VA_ARGS__);                                                     \
      printf("\n");                                                            \
    }                                                                          \
  } while (0)

/* --------------------------------------------------------------- The walk */

/* MARK: record every node and array of the original and set its typed fields to
 * `marker`; CHECK: check that no node or array of the copy was recorded and that
 * its typed fields are NULL. */
enum walk_mode { MARK, CHECK_COPY };

struct walk {
  enum walk_mode mode;
  struct ptrmap seen;
};

static char marker_target;
static void *const marker = &marker_target;

static void visit(struct walk *w, const void *p, const char *what) {
  if (p == NULL) {
    return;
  }
  if (w->mode == MARK) {
    ptrmap_put(&w->seen, p, (void *)p);
  } else {
    CHECK(!ptrmap_has(&w->seen, p), "the copy shares a %s with the original", what);
  }
}

#define TYPED(w, field)                                                      \
  do {                                                                       \
    if ((w)->mode == MARK) {                                                 \
      (field) = marker;                                                      \
    } else {                                                                 \
      CHECK((field) == NULL, "typed field %s of the copy is not NULL", #field); \
    }                                                                        \
  } while (0)

static void walk_exp(struct walk *w, struct exp *e);
static void walk_type(struct walk *w, struct type_exp *t);
static void walk_mod_type(struct walk *w, struct mod_type_exp *m);
static void walk_mod(struct walk *w, struct mod_exp *m);
static void walk_dec(struct walk *w, struct dec *d);

static void walk_qual(struct walk *w, const struct qual_name *q) {
  visit(w, q->quals, "qualifier array");
}

static void walk_attr(struct walk *w, struct attr *a) {
  visit(w, a, "attribute");
  visit(w, a->args, "attribute argument array");
  for (int i = 0; i < a->arg_count; i++) {
    walk_attr(w, a->args[i]);
  }
}

static void walk_type_params(struct walk *w, struct type_param *ps, int count) {
  visit(w, ps, "type parameter array");
  for (int i = 0; i < count; i++) {
    TYPED(w, ps[i].binding);
  }
}

static void walk_indices(struct walk *w, struct dim_index *indices, int count) {
  visit(w, indices, "index array");
  for (int i = 0; i < count; i++) {
    walk_exp(w, indices[i].fixed);
    walk_exp(w, indices[i].start);
    walk_exp(w, indices[i].end);
    walk_exp(w, indices[i].stride);
  }
}

static void walk_exps(struct walk *w, struct exp **exps, int count) {
  visit(w, exps, "expression array");
  for (int i = 0; i < count; i++) {
    walk_exp(w, exps[i]);
  }
}

static void walk_type(struct walk *w, struct type_exp *t) {
  if (t == NULL) {
    return;
  }
  visit(w, t, "type expression");
  switch (t->kind) {
  case TE_VAR:
    walk_qual(w, &t->u.var);
    break;
  case TE_TUPLE:
    visit(w, t->u.tuple.elems, "tuple type array");
    for (int i = 0; i < t->u.tuple.count; i++) {
      walk_type(w, t->u.tuple.elems[i]);
    }
    break;
  case TE_RECORD:
    visit(w, t->u.record.fields, "record type field array");
    for (int i = 0; i < t->u.record.count; i++) {
      walk_type(w, t->u.record.fields[i].type);
    }
    break;
  case TE_ARRAY:
    walk_exp(w, t->u.array.size);
    walk_type(w, t->u.array.elem);
    break;
  case TE_UNIQUE:
    walk_type(w, t->u.unique);
    break;
  case TE_ARROW:
    walk_type(w, t->u.arrow.param);
    walk_type(w, t->u.arrow.result);
    break;
  case TE_APPLY:
    walk_type(w, t->u.apply.ctor);
    walk_type(w, t->u.apply.type_arg);
    walk_exp(w, t->u.apply.size_arg);
    break;
  case TE_EXIST:
    visit(w, t->u.exist.names, "size name array");
    walk_type(w, t->u.exist.body);
    break;
  }
}

static void walk_pat(struct walk *w, struct pat *p) {
  if (p == NULL) {
    return;
  }
  visit(w, p, "pattern");
  TYPED(w, p->type);
  switch (p->kind) {
  case PAT_ID:
    TYPED(w, p->u.id.binding);
    break;
  case PAT_WILDCARD:
    break;
  case PAT_TUPLE:
    visit(w, p->u.tuple.elems, "tuple pattern array");
    for (int i = 0; i < p->u.tuple.count; i++) {
      walk_pat(w, p->u.tuple.elems[i]);
    }
    break;
  case PAT_RECORD:
    visit(w, p->u.record.fields, "record pattern field array");
    for (int i = 0; i < p->u.record.count; i++) {
      walk_pat(w, p->u.record.fields[i].pat);
    }
    break;
  case PAT_ASCRIPT:
    walk_pat(w, p->u.ascript.pat);
    walk_type(w, p->u.ascript.type);
    break;
  }
}

static void walk_pats(struct walk *w, struct pat **pats, int count) {
  visit(w, pats, "pattern array");
  for (int i = 0; i < count; i++) {
    walk_pat(w, pats[i]);
  }
}

static void walk_let(struct walk *w, struct exp *e) {
  visit(w, e->u.let.sizes, "size name array");
  visit(w, e->u.let.size_locs, "size location array");
  TYPED(w, e->u.let.size_bindings);
  walk_pat(w, e->u.let.pat);
  walk_exp(w, e->u.let.value);
  walk_exp(w, e->u.let.body);
}

static void walk_let_fun(struct walk *w, struct exp *e) {
  walk_type_params(w, e->u.let_fun.type_params, e->u.let_fun.type_param_count);
  walk_pats(w, e->u.let_fun.params, e->u.let_fun.param_count);
  walk_type(w, e->u.let_fun.ret);
  walk_exp(w, e->u.let_fun.value);
  walk_exp(w, e->u.let_fun.body);
  TYPED(w, e->u.let_fun.binding);
}

static void walk_let_with(struct walk *w, struct exp *e) {
  walk_indices(w, e->u.let_with.indices, e->u.let_with.count);
  walk_exp(w, e->u.let_with.value);
  walk_exp(w, e->u.let_with.body);
  TYPED(w, e->u.let_with.source);
  TYPED(w, e->u.let_with.binding);
}

static void walk_loop(struct walk *w, struct exp *e) {
  walk_pat(w, e->u.loop.pat);
  walk_exp(w, e->u.loop.init);
  TYPED(w, e->u.loop.index_binding);
  walk_exp(w, e->u.loop.bound);
  walk_pat(w, e->u.loop.for_in_pat);
  walk_exp(w, e->u.loop.for_in_array);
  walk_exp(w, e->u.loop.body);
}

static void walk_exp(struct walk *w, struct exp *e) {
  if (e == NULL) {
    return;
  }
  visit(w, e, "expression");
  TYPED(w, e->type);
  switch (e->kind) {
  case EXP_INT:
  case EXP_FLOAT:
  case EXP_BOOL:
    break;
  case EXP_VAR:
    walk_qual(w, &e->u.var.name);
    TYPED(w, e->u.var.binding);
    TYPED(w, e->u.var.inst);
    break;
  case EXP_TUPLE:
  case EXP_ARRAY:
    walk_exps(w, e->u.list.elems, e->u.list.count);
    break;
  case EXP_RECORD:
    visit(w, e->u.record.fields, "record field array");
    for (int i = 0; i < e->u.record.count; i++) {
      walk_exp(w, e->u.record.fields[i].value);
      TYPED(w, e->u.record.fields[i].implicit_var);
    }
    break;
  case EXP_PROJECT:
    walk_exp(w, e->u.project.exp);
    break;
  case EXP_INDEX:
    walk_exp(w, e->u.index.array);
    walk_indices(w, e->u.index.indices, e->u.index.count);
    break;
  case EXP_UPDATE:
    walk_exp(w, e->u.update.array);
    walk_indices(w, e->u.update.indices, e->u.update.count);
    walk_exp(w, e->u.update.value);
    break;
  case EXP_RECORD_UPDATE:
    walk_exp(w, e->u.record_update.record);
    visit(w, e->u.record_update.path, "field path array");
    walk_exp(w, e->u.record_update.value);
    break;
  case EXP_UPDATE_PATH:
    walk_exp(w, e->u.update_path.source);
    visit(w, e->u.update_path.steps, "update path step array");
    for (int i = 0; i < e->u.update_path.step_count; i++) {
      struct path_step *st = &e->u.update_path.steps[i];
      walk_indices(w, st->indices, st->count);
      TYPED(w, st->type);
    }
    walk_exp(w, e->u.update_path.value);
    break;
  case EXP_APPLY:
    walk_exp(w, e->u.apply.fn);
    walk_exps(w, e->u.apply.args, e->u.apply.count);
    break;
  case EXP_BINOP:
    walk_qual(w, &e->u.binop.op);
    walk_exp(w, e->u.binop.lhs);
    walk_exp(w, e->u.binop.rhs);
    TYPED(w, e->u.binop.binding);
    TYPED(w, e->u.binop.inst);
    break;
  case EXP_NEGATE:
  case EXP_NOT:
    walk_exp(w, e->u.unary);
    break;
  case EXP_SECTION_OP:
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
    walk_qual(w, &e->u.section.op);
    walk_exp(w, e->u.section.operand);
    TYPED(w, e->u.section.binding);
    TYPED(w, e->u.section.inst);
    break;
  case EXP_SECTION_PROJECT:
    visit(w, e->u.section_project.fields, "field path array");
    break;
  case EXP_SECTION_PATH:
    visit(w, e->u.section_path.steps, "section path step array");
    for (int i = 0; i < e->u.section_path.step_count; i++) {
      struct path_step *st = &e->u.section_path.steps[i];
      walk_indices(w, st->indices, st->count);
      TYPED(w, st->type);
    }
    break;
  case EXP_SECTION_INDEX:
    walk_indices(w, e->u.section_index.indices, e->u.section_index.count);
    break;
  case EXP_LAMBDA:
    walk_pats(w, e->u.lambda.params, e->u.lambda.param_count);
    walk_type(w, e->u.lambda.ret);
    walk_exp(w, e->u.lambda.body);
    break;
  case EXP_LET:
    walk_let(w, e);
    break;
  case EXP_LET_FUN:
    walk_let_fun(w, e);
    break;
  case EXP_LET_WITH:
    walk_let_with(w, e);
    break;
  case EXP_IF:
    walk_exp(w, e->u.if_.cond);
    walk_exp(w, e->u.if_.then_branch);
    walk_exp(w, e->u.if_.else_branch);
    break;
  case EXP_LOOP:
    walk_loop(w, e);
    break;
  case EXP_ASSERT:
    walk_exp(w, e->u.assert_.cond);
    walk_exp(w, e->u.assert_.exp);
    break;
  case EXP_ASCRIPT:
  case EXP_COERCE:
    walk_exp(w, e->u.ascript.exp);
    walk_type(w, e->u.ascript.type);
    break;
  case EXP_ATTR:
    walk_attr(w, e->u.attr.attr);
    walk_exp(w, e->u.attr.exp);
    break;
  case EXP_QUAL_PARENS:
    walk_qual(w, &e->u.qual_parens.module);
    walk_exp(w, e->u.qual_parens.exp);
    break;
  case EXP_RANGE:
    walk_exp(w, e->u.range.start);
    walk_exp(w, e->u.range.second);
    walk_exp(w, e->u.range.end);
    break;
  case EXP_HOLE:
    break;
  }
}

static void walk_spec(struct walk *w, struct spec *s) {
  visit(w, s, "spec");
  walk_type_params(w, s->type_params, s->type_param_count);
  walk_type(w, s->type);
  walk_mod_type(w, s->mod_type);
}

static void walk_mod_type(struct walk *w, struct mod_type_exp *m) {
  if (m == NULL) {
    return;
  }
  visit(w, m, "module type expression");
  switch (m->kind) {
  case MTE_VAR:
    walk_qual(w, &m->u.var);
    break;
  case MTE_SPECS:
    visit(w, m->u.specs.specs, "spec array");
    for (int i = 0; i < m->u.specs.count; i++) {
      walk_spec(w, m->u.specs.specs[i]);
    }
    break;
  case MTE_WITH:
    walk_mod_type(w, m->u.with.base);
    walk_qual(w, &m->u.with.type_name);
    walk_type_params(w, m->u.with.type_params, m->u.with.type_param_count);
    walk_type(w, m->u.with.type);
    break;
  case MTE_ARROW:
    walk_mod_type(w, m->u.arrow.param);
    walk_mod_type(w, m->u.arrow.result);
    break;
  }
}

static void walk_mod(struct walk *w, struct mod_exp *m) {
  if (m == NULL) {
    return;
  }
  visit(w, m, "module expression");
  switch (m->kind) {
  case MOD_VAR:
    walk_qual(w, &m->u.var);
    break;
  case MOD_DECS:
    visit(w, m->u.decs.decs, "declaration array");
    for (int i = 0; i < m->u.decs.count; i++) {
      walk_dec(w, m->u.decs.decs[i]);
    }
    break;
  case MOD_APPLY:
    walk_mod(w, m->u.apply.fn);
    walk_mod(w, m->u.apply.arg);
    break;
  case MOD_ASCRIPT:
    walk_mod(w, m->u.ascript.mod);
    walk_mod_type(w, m->u.ascript.type);
    break;
  case MOD_LAMBDA:
    walk_mod_type(w, m->u.lambda.param.type);
    walk_mod_type(w, m->u.lambda.result);
    walk_mod(w, m->u.lambda.body);
    break;
  case MOD_IMPORT:
    break;
  }
}

static void walk_dec(struct walk *w, struct dec *d) {
  visit(w, d, "declaration");
  visit(w, d->attrs, "attribute array");
  for (int i = 0; i < d->attr_count; i++) {
    walk_attr(w, d->attrs[i]);
  }
  switch (d->kind) {
  case DEC_VAL:
    walk_type_params(w, d->u.val.type_params, d->u.val.type_param_count);
    walk_pats(w, d->u.val.params, d->u.val.param_count);
    walk_type(w, d->u.val.ret);
    walk_exp(w, d->u.val.body);
    TYPED(w, d->u.val.binding);
    break;
  case DEC_TYPE:
    walk_type_params(w, d->u.type.type_params, d->u.type.type_param_count);
    walk_type(w, d->u.type.type);
    break;
  case DEC_MOD_TYPE:
    walk_mod_type(w, d->u.mod_type.type);
    break;
  case DEC_MOD:
    visit(w, d->u.mod.params, "module parameter array");
    for (int i = 0; i < d->u.mod.param_count; i++) {
      walk_mod_type(w, d->u.mod.params[i].type);
    }
    walk_mod_type(w, d->u.mod.type);
    walk_mod(w, d->u.mod.body);
    break;
  case DEC_OPEN:
    walk_mod(w, d->u.open);
    break;
  case DEC_IMPORT:
    break;
  case DEC_LOCAL:
    walk_dec(w, d->u.local);
    break;
  }
}

/* ------------------------------------------------------------- The checks */

static char *print_decs(struct dec **decs, int count) {
  struct program p = {.decs = decs, .count = count};
  struct strbuf out;
  strbuf_init(&out);
  ast_print_program(&out, &p);
  char *text = strdup(out.data != NULL ? out.data : "");
  strbuf_free(&out);
  return text;
}

static void check_same_text(struct dec **original, struct dec **copy, int count,
                            const char *what) {
  char *a = print_decs(original, count);
  char *b = print_decs(copy, count);
  CHECK(strcmp(a, b) == 0, "%s prints differently:\n%s\n-- versus --\n%s", what, a, b);
  free(a);
  free(b);
}

/* A declaration that prints a module expression or a module type on its own. */
static struct dec *holder(struct arena *a, struct mod_exp *m, struct mod_type_exp *t) {
  struct dec *d = ARENA_NEW(a, struct dec);
  if (m != NULL) {
    d->kind = DEC_OPEN;
    d->u.open = m;
  } else {
    d->kind = DEC_MOD_TYPE;
    d->u.mod_type.name = intern("S");
    d->u.mod_type.type = t;
  }
  return d;
}

static void check_copy_of(struct walk *w, struct dec *original, struct dec *copy,
                          const char *what) {
  check_same_text(&original, &copy, 1, what);
  struct walk check = {CHECK_COPY, w->seen};
  walk_dec(&check, copy);
}

/* The module expressions and module types inside a declaration, copied alone. */
static void check_module_parts(struct arena *a, struct walk *w, struct dec *d) {
  while (d->kind == DEC_LOCAL) {
    d = d->u.local;
  }
  if (d->kind == DEC_MOD) {
    struct mod_exp *body = d->u.mod.body;
    check_copy_of(w, holder(a, body, NULL), holder(a, ast_copy_mod_exp(a, body), NULL),
                  "a module expression");
    if (body->kind == MOD_DECS) {
      for (int i = 0; i < body->u.decs.count; i++) {
        check_module_parts(a, w, body->u.decs.decs[i]);
      }
    }
  } else if (d->kind == DEC_MOD_TYPE) {
    struct mod_type_exp *t = d->u.mod_type.type;
    check_copy_of(w, holder(a, NULL, t), holder(a, NULL, ast_copy_mod_type_exp(a, t)),
                  "a module type");
  } else if (d->kind == DEC_OPEN) {
    struct mod_exp *m = d->u.open;
    check_copy_of(w, holder(a, m, NULL), holder(a, ast_copy_mod_exp(a, m), NULL),
                  "an opened module");
  }
}

static void check_program(struct arena *a, struct program *p) {
  struct walk mark = {MARK, {0}};
  ptrmap_init(&mark.seen, a);
  for (int i = 0; i < p->count; i++) {
    walk_dec(&mark, p->decs[i]);
  }
  struct dec **copies = ARENA_ARRAY(a, struct dec *, p->count > 0 ? p->count : 1);
  for (int i = 0; i < p->count; i++) {
    copies[i] = ast_copy_dec(a, p->decs[i]);
  }
  check_same_text(p->decs, copies, p->count, "the program");
  struct walk check = {CHECK_COPY, mark.seen};
  for (int i = 0; i < p->count; i++) {
    walk_dec(&check, copies[i]);
  }
  /* A copy of a copy is new again, and prints the same. */
  for (int i = 0; i < p->count; i++) {
    struct dec *again = ast_copy_dec(a, copies[i]);
    check_copy_of(&mark, p->decs[i], again, "a copy of a copy");
    check_module_parts(a, &mark, p->decs[i]);
  }
}

/* ------------------------------------------------------------- The files */

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return NULL;
  }
  size_t cap = 4096, n = 0;
  char *text = malloc(cap);
  size_t got;
  while (text != NULL && (got = fread(text + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      cap *= 2;
      char *bigger = realloc(text, cap);
      if (bigger == NULL) {
        free(text);
      }
      text = bigger;
    }
  }
  fclose(f);
  *len = n;
  return text;
}

static int parsed_files, skipped_files;
static bool saw_modules_test;

/* Parses one file; files with syntax errors (the error tests) are skipped, and so
 * are files that vanish while the test runs (temporary folders of other tests). */
static void check_file(const char *path) {
  size_t len;
  char *text = read_file(path, &len);
  if (text == NULL) {
    skipped_files++;
    return;
  }
  current_file = path;
  struct arena *a = malloc(sizeof *a);
  if (a == NULL) {
    exit(2);
  }
  arena_init(a);
  uint32_t file = diag_add_file(path, text, len);
  free(text);
  if (setjmp(*diag_catch()) == 0) {
    struct program *p = parse_program(a, file);
    diag_release();
    check_program(a, p);
    parsed_files++;
    if (strstr(path, "tests/parser/modules.dsl") != NULL) {
      saw_modules_test = true;
    }
  } else {
    skipped_files++;
  }
  arena_free(a);
  free(a);
  diag_reset_files();
}

static bool has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Every .dsl file under `dir`, in no particular order. */
static void check_dir(const char *dir) {
  DIR *d = opendir(dir);
  if (d == NULL) {
    return;
  }
  struct dirent *entry;
  while ((entry = readdir(d)) != NULL) {
    if (entry->d_name[0] == '.') {
      continue;
    }
    size_t size = strlen(dir) + strlen(entry->d_name) + 2;
    char *path = malloc(size);
    if (path == NULL) {
      exit(2);
    }
    snprintf(path, size, "%s/%s", dir, entry->d_name);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
      check_dir(path);
    } else if (has_suffix(path, ".dsl")) {
      check_file(path);
    }
    free(path);
  }
  closedir(d);
}

int main(void) {
  FILE *quiet = fopen("/dev/null", "w");
  diag_set_stream(quiet);
  strtab_init();
  check_file(PRISM_SRCDIR "/stdlib/prelude.dsl");
  check_dir(PRISM_SRCDIR "/tests");
  current_file = "(all)";
  CHECK(parsed_files >= 100, "only %d files parsed", parsed_files);
  CHECK(saw_modules_test, "tests/parser/modules.dsl was not checked");
  strtab_free();
  if (quiet != NULL) {
    fclose(quiet);
  }
  printf("%d files copied (%d with syntax errors skipped), %d checks, %d failed\n",
         parsed_files, skipped_files, checks, failures);
  return failures == 0 ? 0 : 1;
}
