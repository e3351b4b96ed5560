/* mu-rules-data.c: reading data/rules/RULESET.xml (see mu-rules-data.h)
 *
 * The file is small and trusted less than code: it is parsed without
 * network, DTD or entities, and every element is checked here with the
 * file and line in the message; the schema (data/rules/rules.rng) says the
 * same for editors and the data test.
 */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-rules-data.h"

#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <string.h>

#include "mu-error.h"
#include "mu-xml-read.h"
#include "mu-scenario.h"

typedef struct {
  char *id;
  char *missing;             /* NULL when the table is given */
  GHashTable *entries;       /* key → value */
} Table;

struct _MuRulesData {
  char *ruleset;
  GPtrArray *tables;         /* of Table* */
  GPtrArray *ids;            /* of char* (borrowed from the tables), NULL-terminated */
};

static void
table_free (Table *t)
{
  g_free (t->id);
  g_free (t->missing);
  g_hash_table_unref (t->entries);
  g_free (t);
}

void
mu_rules_data_free (MuRulesData *data)
{
  if (data == NULL)
    return;
  g_free (data->ruleset);
  g_ptr_array_unref (data->tables);
  g_ptr_array_unref (data->ids);
  g_free (data);
}

static gboolean
is_ours (xmlNodePtr node,
         const char *name)
{
  return node->type == XML_ELEMENT_NODE && node->ns != NULL &&
         strcmp ((const char *) node->ns->href, MU_RULES_NAMESPACE) == 0 &&
         (name == NULL || strcmp ((const char *) node->name, name) == 0);
}

static char *
attr (xmlNodePtr  node,
      const char *name)
{
  xmlChar *v = xmlGetNoNsProp (node, (const xmlChar *) name);
  char *r = v ? g_strstrip (g_strdup ((const char *) v)) : NULL;

  xmlFree (v);
  return r;
}

static gboolean G_GNUC_PRINTF (4, 5)
fail (GError    **error,
      const char *file,
      xmlNodePtr  node,
      const char *format,
      ...)
{
  g_autofree char *msg = NULL;
  va_list args;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "%s:%ld: error: %s", file,
               node ? xmlGetLineNo (node) : 0L, msg);
  return FALSE;
}

/* Words separated by single spaces, each a valid id. */
static gboolean
key_ok (const char *key)
{
  g_auto(GStrv) words = NULL;

  if (key == NULL || *key == '\0')
    return FALSE;
  words = g_strsplit (key, " ", -1);
  for (guint i = 0; words[i]; i++)
    if (!mu_id_is_valid (words[i]))
      return FALSE;
  return TRUE;
}

static gboolean
load_table (MuRulesData *data,
            const char  *file,
            xmlNodePtr   node,
            GError     **error)
{
  g_autofree char *id = attr (node, "id");
  g_autofree char *missing = attr (node, "missing");
  Table *t;

  if (!mu_id_is_valid (id))
    return fail (error, file, node, _("<table> needs an id of letters, digits and “-”"));
  if (mu_rules_data_has_table (data, id))
    return fail (error, file, node, _("table “%s” is given twice"), id);
  t = g_new0 (Table, 1);
  t->id = g_steal_pointer (&id);
  t->missing = g_steal_pointer (&missing);
  t->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_ptr_array_add (data->tables, t);

  for (xmlNodePtr c = node->children; c; c = c->next)
    {
      g_autofree char *key = NULL, *value = NULL;

      if (c->type != XML_ELEMENT_NODE || is_ours (c, "description"))
        continue;
      if (!is_ours (c, "entry"))
        return fail (error, file, c, _("<%s> is not allowed in a <table>"), (const char *) c->name);
      if (t->missing)
        return fail (error, file, c, _("table “%s” is marked missing (%s) and cannot have entries"),
                     t->id, t->missing);
      key = attr (c, "key");
      value = attr (c, "value");
      if (!key_ok (key))
        return fail (error, file, c, _("<entry> needs a key of words separated by single spaces"));
      if (value == NULL || *value == '\0')
        return fail (error, file, c, _("entry “%s” of table “%s” has no value"), key, t->id);
      if (g_hash_table_contains (t->entries, key))
        return fail (error, file, c, _("entry “%s” of table “%s” is given twice"), key, t->id);
      g_hash_table_insert (t->entries, g_steal_pointer (&key), g_steal_pointer (&value));
    }
  if (t->missing == NULL && g_hash_table_size (t->entries) == 0)
    return fail (error, file, node, _("table “%s” has no entries (a table the rules do not give is marked missing=\"…\")"),
                 t->id);
  return TRUE;
}

MuRulesData *
mu_rules_data_load_file (const char *path,
                         GError    **error)
{
  g_autoptr(MuRulesData) data = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *format = NULL;
  gsize length = 0;
  xmlDocPtr doc;
  xmlNodePtr root;
  GError *local = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &contents, &length, &local))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_IO, "%s", local->message);
      g_error_free (local);
      return NULL;
    }
  if (length > G_MAXINT)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_PARSE, _("%s: the file is too large"), path);
      return NULL;
    }
  {
    g_autofree char *msg = NULL;
    int line = 0;

    doc = mu_xml_read_plain (contents, length, path, _("rules data files"), &line, &msg);
    if (doc == NULL)
      {
        g_set_error (error, MU_ERROR, MU_ERROR_PARSE, "%s:%d: error: %s", path, line, msg);
        return NULL;
      }
  }
  root = xmlDocGetRootElement (doc);
  data = g_new0 (MuRulesData, 1);
  data->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) table_free);
  data->ids = g_ptr_array_new ();
  if (root == NULL || !is_ours (root, "rules"))
    {
      fail (error, path, root, _("not a rules data file: the root is not <rules> in %s"), MU_RULES_NAMESPACE);
      goto out;
    }
  format = attr (root, "format");
  data->ruleset = attr (root, "ruleset");
  if (g_strcmp0 (format, "1") != 0)
    {
      fail (error, path, root, _("rules data format “%s” is not known (this version reads format %d)"),
            format ? format : "", MU_RULES_FORMAT_VERSION);
      goto out;
    }
  if (!mu_id_is_valid (data->ruleset))
    {
      fail (error, path, root, _("<rules> needs the id of its ruleset"));
      goto out;
    }
  for (xmlNodePtr c = root->children; c; c = c->next)
    {
      if (c->type != XML_ELEMENT_NODE || is_ours (c, "title") || is_ours (c, "description"))
        continue;
      if (!is_ours (c, "table"))
        {
          fail (error, path, c, _("<%s> is not allowed in <rules>"), (const char *) c->name);
          goto out;
        }
      if (!load_table (data, path, c, error))
        goto out;
    }
  for (guint i = 0; i < data->tables->len; i++)
    g_ptr_array_add (data->ids, ((Table *) data->tables->pdata[i])->id);
  g_ptr_array_add (data->ids, NULL);
  xmlFreeDoc (doc);
  return g_steal_pointer (&data);

out:
  xmlFreeDoc (doc);
  return NULL;
}

char *
mu_rules_data_path (const char *ruleset)
{
  const char *env = g_getenv ("MUSTER_DATADIR");
  g_autofree char *name = g_strconcat (ruleset, ".xml", NULL);
  const char *dirs[] = { env && *env ? env : NULL, MUSTER_SOURCE_DATADIR, PKGDATADIR };

  g_return_val_if_fail (mu_id_is_valid (ruleset), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *p = dirs[i] ? g_build_filename (dirs[i], "rules", name, NULL) : NULL;

      if (p && g_file_test (p, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&p);
    }
  return g_build_filename (PKGDATADIR, "rules", name, NULL);
}

MuRulesData *
mu_rules_data_load (const char *ruleset,
                    GError    **error)
{
  g_autofree char *path = NULL;
  MuRulesData *data;

  g_return_val_if_fail (ruleset != NULL, NULL);

  if (!mu_id_is_valid (ruleset))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_IO, _("“%s” is not a ruleset id"), ruleset);
      return NULL;
    }
  path = mu_rules_data_path (ruleset);
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_IO, _("no rules data file for ruleset “%s” (%s)"),
                   ruleset, path);
      return NULL;
    }
  data = mu_rules_data_load_file (path, error);
  if (data && strcmp (data->ruleset, ruleset) != 0)
    {
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID, _("%s: the file is for ruleset “%s”, not “%s”"),
                   path, data->ruleset, ruleset);
      g_clear_pointer (&data, mu_rules_data_free);
    }
  return data;
}

static const Table *
find_table (const MuRulesData *data,
            const char        *id)
{
  for (guint i = 0; data && id && i < data->tables->len; i++)
    if (strcmp (((Table *) data->tables->pdata[i])->id, id) == 0)
      return data->tables->pdata[i];
  return NULL;
}

const char *
mu_rules_data_ruleset (const MuRulesData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->ruleset;
}

gboolean
mu_rules_data_has_table (const MuRulesData *data,
                         const char        *table)
{
  return find_table (data, table) != NULL;
}

const char *
mu_rules_data_missing (const MuRulesData *data,
                       const char        *table)
{
  const Table *t = find_table (data, table);

  return t ? t->missing : NULL;
}

const char *
mu_rules_data_text (const MuRulesData *data,
                    const char        *table,
                    const char        *key)
{
  const Table *t = find_table (data, table);

  return t && key ? g_hash_table_lookup (t->entries, key) : NULL;
}

gboolean
mu_rules_data_number (const MuRulesData *data,
                      const char        *table,
                      const char        *key,
                      double            *value)
{
  const char *text = mu_rules_data_text (data, table, key);
  char *end = NULL;
  double v;

  if (text == NULL)
    return FALSE;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (v))
    return FALSE;
  if (value)
    *value = v;
  return TRUE;
}

const char *const *
mu_rules_data_tables (const MuRulesData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return (const char *const *) data->ids->pdata;
}
