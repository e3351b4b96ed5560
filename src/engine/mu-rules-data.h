/* mu-rules-data.h: the numbers of a ruleset's tables, read from a data file
 *
 * data/rules/RULESET.xml (schema data/rules/rules.rng) holds the numbers of
 * the rules' tables (scale, movement rates, ranges, basing, modifiers), so
 * that a house rule is an edit of the file, not a rebuild:
 *
 *   <rules xmlns="https://muster.github.io/ns/rules/1" ruleset="baa-table" format="1">
 *     <table id="scale-unit" name="Table S1: scale unit U" rule="BAT-GEN-2">
 *       <entry key="15mm in" value="4"/>
 *     </table>
 *     <table id="combat-results" name="Combat Results Table" rule="QRS-FIRE-4"
 *            missing="MISSING-1">…</table>
 *   </rules>
 *
 * A table's entries are keyed by words separated by spaces ("15mm in",
 * "cavalry 15mm in"); a value is a number or a word ("NA"). A table the
 * original rules do not give (a digest's MISSING-n) is marked missing=
 * and has no entries: the ruleset asks the players for what it needs.
 *
 * Files are found in $MUSTER_DATADIR/rules, then the source tree's data
 * directory (an uninstalled build), then PKGDATADIR/rules.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define MU_RULES_NAMESPACE "https://muster.github.io/ns/rules/1"
#define MU_RULES_FORMAT_VERSION 1

typedef struct _MuRulesData MuRulesData;

/* Reads and checks a rules data file; NULL with an error "FILE:LINE: …"
 * (MU_ERROR_PARSE, MU_ERROR_INVALID) when it is not one. */
MuRulesData *mu_rules_data_load_file (const char *path, GError **error);
/* The data file of a ruleset from the data directories; NULL with
 * MU_ERROR_IO when there is none, or the file's error. */
MuRulesData *mu_rules_data_load      (const char *ruleset, GError **error);
/* Where mu_rules_data_load() looks for the ruleset's file (newly allocated). */
char        *mu_rules_data_path      (const char *ruleset);
void         mu_rules_data_free      (MuRulesData *data);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuRulesData, mu_rules_data_free)

/* The ruleset the file is for. Owned by data. */
const char  *mu_rules_data_ruleset   (const MuRulesData *data);
/* Whether the file has the table (missing or not). */
gboolean     mu_rules_data_has_table (const MuRulesData *data, const char *table);
/* The digest's key ("MISSING-1") when the table is marked missing from the
 * original rules, else NULL. Owned by data. */
const char  *mu_rules_data_missing   (const MuRulesData *data, const char *table);
/* The value of an entry as text, NULL when the table or the key is absent. */
const char  *mu_rules_data_text      (const MuRulesData *data, const char *table, const char *key);
/* The value of an entry as a number; FALSE when absent or not a number. */
gboolean     mu_rules_data_number    (const MuRulesData *data, const char *table, const char *key,
                                      double *value);
/* The ids of the tables, in file order (NULL-terminated, owned by data). */
const char *const *mu_rules_data_tables (const MuRulesData *data);

G_END_DECLS
