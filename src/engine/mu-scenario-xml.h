/* mu-scenario-xml.h: reading and writing .muster files
 *
 * Loading is parse (XML_PARSE_NONET, never NOENT or HUGE) -> RelaxNG
 * validation against data/muster.rng -> model -> semantic checks
 * (mu_scenario_check()). Every problem found is appended to `problems`
 * (MuProblem*, see mu-problem.h), all of them, not only the first.
 *
 * Saving is deterministic (fixed element and attribute order, fixed number
 * format), keeps extension content (MuExtra), and is atomic: the file is
 * written beside the target and renamed over it.
 *
 * How MuExtra holds what the loader did not interpret:
 * - extra.attributes: foreign-namespace attributes as ("prefix:name", value)
 *   pairs, preceded by the ("xmlns:prefix", uri) declarations they need.
 * - extra.elements: serialised foreign elements (each declares its
 *   namespaces) and comments. Entries "<!--...-->" at the start of the list
 *   are comments written in front of the object's element; comments inside
 *   the element's content are stored with one leading space (" <!--...-->")
 *   and written as children, after the known ones.
 * - MuScenario.root_extra.elements: comments and processing instructions
 *   before the root element, and (with a leading space) after it.
 * Comments in front of elements that are not objects (<terrain>, <hex>, ...)
 * are kept in front of the next object element.
 */
#pragma once

#include <gio/gio.h>

#include "mu-error.h"
#include "mu-problem.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

#define MU_SCENARIO_MIME_TYPE "application/x-muster+xml"
#define MU_SCENARIO_EXTENSION ".muster"

/* Returns a new scenario, or NULL when it has errors; then `error` carries a
 * one-line summary and `problems` (when not NULL) receives every problem.
 * Warnings are appended to `problems` on success too. */
MuScenario *mu_scenario_load_file   (const char *path, GPtrArray *problems, GError **error);
/* As above for data in memory; filename is used in messages (may be NULL). */
MuScenario *mu_scenario_load_data   (const char *data, gsize length, const char *filename,
                                     GPtrArray *problems, GError **error);

/* Called as loading passes its stages, with the share done (0 to 1), in the
 * thread that loads. */
typedef void (*MuLoadProgressFunc) (double fraction, gpointer user_data);
/* How a load treats a file that parses and passes the schema but fails the
 * semantic checks (mu_scenario_check()). */
typedef enum
{
  MU_LOAD_DEFAULT      = 0,       /* refuse it, as mu_scenario_load_file() does */
  /* Return the scenario all the same, without an error, its check errors in
   * `problems`: what an editor opens to fix, never what a match starts from
   * (the caller looks at mu_problem_list_n_errors()). */
  MU_LOAD_KEEP_CHECKED = 1 << 0,
} MuLoadFlags;

/* mu_scenario_load_file() that reports its progress and stops between its
 * stages (read, parse, validate, build, check) once `cancellable` is
 * cancelled, with a G_IO_ERROR_CANCELLED error. Safe in a worker thread.
 * With MU_LOAD_KEEP_CHECKED `problems` should not be NULL, or the check
 * errors go unseen. */
MuScenario *mu_scenario_load_file_full (const char *path, MuLoadFlags flags, GPtrArray *problems,
                                        MuLoadProgressFunc progress, gpointer user_data,
                                        GCancellable *cancellable, GError **error);

/* The canonical serialisation, newly allocated and NUL-terminated. */
char       *mu_scenario_save_to_data (const MuScenario *scenario, gsize *length);
/* Atomic write-then-rename. */
gboolean    mu_scenario_save_file    (const MuScenario *scenario, const char *path, GError **error);

/* Semantic checks on a model (also used live by the editor). Appends to problems. */
void        mu_scenario_check        (const MuScenario *scenario, GPtrArray *problems);

/* Where the RelaxNG schema is: $MUSTER_DATADIR, the source tree, or the installed data dir. */
const char *mu_schema_path           (void);

G_END_DECLS
