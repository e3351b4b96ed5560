/* mu-match-xml.c: saved matches. A saved match holds the scenario
 * (embedded, with its SHA-256 for reference), the seed, the forced dice and
 * the command list; loading replays the commands. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-match.h"

#include "mu-error.h"
#include "mu-file.h"
#include "mu-scenario-xml.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

#define NS ((const xmlChar *) MU_MATCH_NAMESPACE)

char *
mu_match_save_to_data (const MuMatch *m, gsize *length)
{
  const MuScenario *scenario = mu_match_get_scenario (m);
  gsize slen = 0;
  g_autofree char *sdata = mu_scenario_save_to_data (scenario, &slen);
  g_autofree char *sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) sdata, slen);
  xmlDocPtr sdoc = xmlReadMemory (sdata, (int) slen, "scenario.muster", NULL,
                                  XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  xmlDocPtr doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlNodePtr root = xmlNewNode (NULL, (const xmlChar *) "match");
  xmlNsPtr ns = xmlNewNs (root, NS, NULL);
  xmlNodePtr holder, dice, cmds;
  const GArray *forced = mu_match_get_forced (m);
  const GPtrArray *commands = mu_match_get_commands (m);
  char buf[32];
  xmlChar *out = NULL;
  int size = 0;
  GString *d = g_string_new (NULL);
  char *result;

  xmlSetNs (root, ns);
  xmlDocSetRootElement (doc, root);
  xmlNewProp (root, (const xmlChar *) "version", (const xmlChar *) "1");
  xmlNewProp (root, (const xmlChar *) "ruleset", (const xmlChar *) mu_match_get_ruleset (m)->id);
  g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, mu_match_get_seed (m));
  xmlNewProp (root, (const xmlChar *) "seed", (const xmlChar *) buf);
  xmlAddChild (root, xmlNewText ((const xmlChar *) "\n  "));
  holder = xmlNewChild (root, ns, (const xmlChar *) "scenario-data", NULL);
  xmlNewProp (holder, (const xmlChar *) "sha256", (const xmlChar *) sum);
  if (sdoc && xmlDocGetRootElement (sdoc))
    {
      xmlNodePtr copy = xmlDocCopyNode (xmlDocGetRootElement (sdoc), doc, 1);
      xmlAddChild (holder, copy);
    }
  xmlAddChild (root, xmlNewText ((const xmlChar *) "\n  "));
  for (guint i = 0; i < forced->len; i++)
    g_string_append_printf (d, "%s%d", i ? " " : "", g_array_index (forced, int, i));
  dice = xmlNewTextChild (root, ns, (const xmlChar *) "dice", (const xmlChar *) d->str);
  (void) dice;
  g_string_free (d, TRUE);
  xmlAddChild (root, xmlNewText ((const xmlChar *) "\n  "));
  cmds = xmlNewChild (root, ns, (const xmlChar *) "commands", NULL);
  for (guint i = 0; i < commands->len; i++)
    {
      g_autofree char *line = mu_command_to_string (g_ptr_array_index (commands, i));
      xmlAddChild (cmds, xmlNewText ((const xmlChar *) "\n    "));
      xmlNewTextChild (cmds, ns, (const xmlChar *) "command", (const xmlChar *) line);
    }
  xmlAddChild (cmds, xmlNewText ((const xmlChar *) "\n  "));
  xmlAddChild (root, xmlNewText ((const xmlChar *) "\n"));
  xmlDocDumpMemoryEnc (doc, &out, &size, "UTF-8");
  result = g_strndup ((const char *) out, size);
  if (length)
    *length = size;
  xmlFree (out);
  xmlFreeDoc (doc);
  if (sdoc)
    xmlFreeDoc (sdoc);
  return result;
}

gboolean
mu_match_save_file (const MuMatch *m, const char *path, GError **error)
{
  gsize len = 0;
  g_autofree char *data = mu_match_save_to_data (m, &len);

  g_autoptr(GError) local = NULL;

  /* Atomic and durable like a scenario's save: the match is the evening of play. */
  if (!mu_file_write_atomic (path, data, len, 0644, &local))
    {
      g_set_error (error, MU_ERROR, MU_ERROR_IO, "cannot save %s: %s", path, local->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
is_el (xmlNodePtr n, const char *name)
{
  return n->type == XML_ELEMENT_NODE && xmlStrEqual (n->name, (const xmlChar *) name) &&
         n->ns && xmlStrEqual (n->ns->href, NS);
}

static MuMatch *
load_fail (GError **error, const char *file, long line, const char *format, ...) G_GNUC_PRINTF (4, 5);

static MuMatch *
load_fail (GError **error, const char *file, long line, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "%s:%ld: %s", file, line, msg);
  return NULL;
}

MuMatch *
mu_match_load_data (const char *data, gsize length, const char *filename, GError **error)
{
  const char *file = filename ? filename : "match";
  xmlDocPtr doc;
  xmlNodePtr root, n;
  xmlNodePtr scen = NULL, dice = NULL, cmds = NULL;
  g_autoptr(MuScenario) scenario = NULL;
  g_autoptr(GArray) forced = NULL;
  g_autoptr(MuMatch) m = NULL;
  xmlChar *seed_text;
  guint64 seed = 0;
  char *end = NULL;

  if (length > G_MAXINT)
    return load_fail (error, file, 0, "file too large");
  doc = xmlReadMemory (data, (int) length, file, NULL,
                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc == NULL)
    {
      const xmlError *e = xmlGetLastError ();
      return load_fail (error, file, e ? e->line : 0, "not well-formed XML: %s",
                        e && e->message ? g_strstrip (e->message) : "?");
    }
  root = xmlDocGetRootElement (doc);
  if (root == NULL || !is_el (root, "match"))
    {
      xmlFreeDoc (doc);
      return load_fail (error, file, root ? xmlGetLineNo (root) : 0, "not a saved match (<match> in %s)",
                        MU_MATCH_NAMESPACE);
    }
  seed_text = xmlGetProp (root, (const xmlChar *) "seed");
  if (seed_text)
    seed = g_ascii_strtoull ((const char *) seed_text, &end, 10);
  if (seed_text == NULL || end == (char *) seed_text || *end != '\0')
    {
      long line = xmlGetLineNo (root);
      xmlFree (seed_text);
      xmlFreeDoc (doc);
      return load_fail (error, file, line, "<match> needs a numeric seed attribute");
    }
  xmlFree (seed_text);
  for (n = root->children; n; n = n->next)
    if (is_el (n, "scenario-data"))
      scen = n;
    else if (is_el (n, "dice"))
      dice = n;
    else if (is_el (n, "commands"))
      cmds = n;
  if (scen == NULL)
    {
      xmlFreeDoc (doc);
      return load_fail (error, file, xmlGetLineNo (root), "no <scenario-data> element");
    }
  for (n = scen->children; n && n->type != XML_ELEMENT_NODE; n = n->next)
    ;
  if (n == NULL)
    {
      long line = xmlGetLineNo (scen);
      xmlFreeDoc (doc);
      return load_fail (error, file, line, "<scenario-data> holds no scenario");
    }
  {
    xmlDocPtr sdoc = xmlNewDoc ((const xmlChar *) "1.0");
    xmlChar *sbuf = NULL;
    int slen = 0;
    g_autoptr(GPtrArray) problems = mu_problem_list_new ();
    g_autoptr(GError) local = NULL;
    g_autofree char *sname = g_strdup_printf ("%s (embedded scenario)", file);

    xmlDocSetRootElement (sdoc, xmlDocCopyNode (n, sdoc, 1));
    xmlDocDumpMemoryEnc (sdoc, &sbuf, &slen, "UTF-8");
    xmlFreeDoc (sdoc);
    scenario = mu_scenario_load_data ((const char *) sbuf, slen, sname, problems, &local);
    xmlFree (sbuf);
    if (scenario == NULL)
      {
        long line = xmlGetLineNo (n);
        xmlFreeDoc (doc);
        return load_fail (error, file, line, "embedded scenario: %s", local ? local->message : "invalid");
      }
  }
  if (dice)
    {
      xmlChar *text = xmlNodeGetContent (dice);
      g_autoptr(GError) local = NULL;
      forced = mu_dice_parse_list ((const char *) text, &local);
      xmlFree (text);
      if (forced == NULL)
        {
          long line = xmlGetLineNo (dice);
          xmlFreeDoc (doc);
          return load_fail (error, file, line, "%s", local->message);
        }
    }
  {
    g_autoptr(GError) local = NULL;
    m = mu_match_new (scenario, seed, forced ? (const int *) forced->data : NULL,
                      forced ? forced->len : 0, &local);
    if (m == NULL)
      {
        xmlFreeDoc (doc);
        return load_fail (error, file, 0, "%s", local->message);
      }
  }
  for (n = cmds ? cmds->children : NULL; n; n = n->next)
    {
      xmlChar *text;
      g_autoptr(GError) local = NULL;
      gboolean ok;

      if (!is_el (n, "command"))
        continue;
      text = xmlNodeGetContent (n);
      ok = mu_match_apply_line (m, (const char *) text, NULL, &local);
      xmlFree (text);
      if (!ok)
        {
          long line = xmlGetLineNo (n);
          xmlFreeDoc (doc);
          return load_fail (error, file, line, "command refused on replay: %s", local->message);
        }
    }
  xmlFreeDoc (doc);
  return g_steal_pointer (&m);
}

MuMatch *
mu_match_load_file (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  if (!mu_file_read (path, MU_FILE_MAX_SIZE, &data, &len, error))
    return NULL;
  return mu_match_load_data (data, len, path, error);
}

gboolean
mu_match_file_is_match (const char *path)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  if (!mu_file_read (path, MU_FILE_MAX_SIZE, &data, &len, NULL))
    return FALSE;
  return strstr (data, MU_MATCH_NAMESPACE) != NULL && strstr (data, "<match") != NULL;
}
