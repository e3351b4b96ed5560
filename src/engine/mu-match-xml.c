/* mu-match-xml.c: saved matches. A saved match holds the scenario
 * (embedded, with its SHA-256 for reference), the seed, the forced dice and
 * the command list; loading replays the commands. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-match.h"

#include "mu-error.h"
#include "mu-file.h"
#include "mu-scenario-xml.h"
#include "mu-scenario-xml-private.h"
#include "mu-xml-read.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NS ((const xmlChar *) MU_MATCH_NAMESPACE)

/* The parts of a scenario a changed checksum is traced to: each top-level
 * element of the saved scenario belongs to one. */
static const struct {
  const char *key;       /* in the parts-sha256 attribute */
  const char *name;      /* in the warning */
  const char *elements;  /* space-separated top-level element names */
} parts[] = {
  { "board", N_("the map"), " hex-map table " },
  { "oob", N_("the order of battle"), " side control command unit " },
  { "objectives", N_("the objectives and tasks"), " objective task victory " },
  { "reserves", N_("the reserves and own lines"), " reserve own-lines " },
  { "timeline", N_("the timeline"), " timeline " },
  { "options", N_("the rule options"), " option " },
};
#define N_PARTS G_N_ELEMENTS (parts)
/* G_MAXUINT64 as text: a translated message cannot hold G_GUINT64_FORMAT */
#define MAX_SEED "18446744073709551615"
#define OTHER_PART N_PARTS   /* title, description and anything else */

static guint
part_of (const xmlChar *name)
{
  g_autofree char *key = g_strdup_printf (" %s ", (const char *) name);

  for (guint i = 0; i < N_PARTS; i++)
    if (strstr (parts[i].elements, key) != NULL)
      return i;
  return OTHER_PART;
}

/* "board=HEX16 oob=HEX16 ... other=HEX16": the first 16 hex digits of the
 * SHA-256 of each part's elements as saved, in document order. */
static char *
part_sums (xmlNodePtr scenario)
{
  GChecksum *sums[N_PARTS + 1];
  GString *out = g_string_new (NULL);

  for (guint i = 0; i <= N_PARTS; i++)
    sums[i] = g_checksum_new (G_CHECKSUM_SHA256);
  for (xmlNodePtr n = scenario->children; n; n = n->next)
    if (n->type == XML_ELEMENT_NODE)
      {
        xmlBufferPtr buf = xmlBufferCreate ();

        xmlNodeDump (buf, n->doc, n, 0, 0);
        g_checksum_update (sums[part_of (n->name)], xmlBufferContent (buf),
                           (gssize) xmlBufferLength (buf));
        xmlBufferFree (buf);
      }
  for (guint i = 0; i <= N_PARTS; i++)
    {
      g_string_append_printf (out, "%s%s=%.16s", i ? " " : "", i < N_PARTS ? parts[i].key : "other",
                              g_checksum_get_string (sums[i]));
      g_checksum_free (sums[i]);
    }
  return g_string_free (out, FALSE);
}

static gboolean
is_sha256 (const char *text)
{
  if (text == NULL || strlen (text) != 64)
    return FALSE;
  for (const char *p = text; *p; p++)
    if (!g_ascii_isxdigit (*p) || g_ascii_isupper (*p))
      return FALSE;
  return TRUE;
}

/* What differs between the part sums RECORDED and FOUND, as "the map and
 * the order of battle", or NULL when they cannot tell. */
static char *
differing_parts (const char *recorded,
                 const char *found)
{
  g_auto(GStrv) a = recorded ? g_strsplit (recorded, " ", -1) : NULL;
  g_auto(GStrv) b = g_strsplit (found, " ", -1);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  GString *out;

  if (a == NULL || g_strv_length (a) != g_strv_length (b))
    return NULL;
  for (guint i = 0; b[i]; i++)
    if (g_strcmp0 (a[i], b[i]) != 0)
      g_ptr_array_add (names, (gpointer) (i < N_PARTS ? _(parts[i].name)
                                                      : _("the title, description or other elements")));
  if (names->len == 0)
    return NULL;
  out = g_string_new (NULL);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (out, "%s%s", i == 0 ? "" : i + 1 == names->len ? " and " : ", ",
                            (const char *) names->pdata[i]);
  return g_string_free (out, FALSE);
}

/* The checksum of a scenario as a match embeds it: the loader's model of the
 * embedded element, saved again (comments and whitespace around the root
 * element are not embedded), so that save and load compute the same. */
static char *
embedded_sum (xmlNodePtr element)
{
  xmlDocPtr doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlChar *buf = NULL;
  int len = 0;
  g_autoptr(MuScenario) scenario = NULL;
  g_autofree char *again = NULL;
  gsize again_len = 0;

  xmlDocSetRootElement (doc, xmlDocCopyNode (element, doc, 1));
  xmlDocDumpMemoryEnc (doc, &buf, &len, "UTF-8");
  xmlFreeDoc (doc);
  scenario = mu_scenario_load_data ((const char *) buf, (gsize) len, "scenario.muster", NULL, NULL);
  xmlFree (buf);
  if (scenario == NULL)
    return NULL;
  again = mu_scenario_save_to_data (scenario, &again_len);
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) again, again_len);
}

/* <view zoom="Z" x="X" y="Y" [selected="ID"]/>, numbers with three
 * decimals so that a save is the same bytes for the same view. */
static void
write_view (xmlNodePtr         root,
            xmlNsPtr           ns,
            const MuMatchView *view)
{
  xmlNodePtr el = xmlNewChild (root, ns, (const xmlChar *) "view", NULL);
  const struct { const char *name; double value; } numbers[] = {
    { "zoom", view->zoom }, { "x", view->x }, { "y", view->y },
  };

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (buf, sizeof buf, "%.3f", numbers[i].value);
      xmlNewProp (el, (const xmlChar *) numbers[i].name, (const xmlChar *) buf);
    }
  if (view->selected != NULL)
    xmlNewProp (el, (const xmlChar *) "selected", (const xmlChar *) view->selected);
}

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
  if (sdoc && xmlDocGetRootElement (sdoc))
    {
      g_autofree char *embedded = embedded_sum (xmlDocGetRootElement (sdoc));

      if (embedded)
        {
          g_free (sum);
          sum = g_steal_pointer (&embedded);
        }
    }
  xmlNewProp (holder, (const xmlChar *) "sha256", (const xmlChar *) sum);
  if (sdoc && xmlDocGetRootElement (sdoc))
    {
      g_autofree char *sums = part_sums (xmlDocGetRootElement (sdoc));

      xmlNewProp (holder, (const xmlChar *) "parts-sha256", (const xmlChar *) sums);
    }
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
  if (mu_match_get_view (m) != NULL)
    {
      xmlAddChild (root, xmlNewText ((const xmlChar *) "\n  "));
      write_view (root, ns, mu_match_get_view (m));
    }
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
      g_set_error (error, MU_ERROR, MU_ERROR_IO, _("cannot save %s: %s"), path, local->message);
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

  g_autofree char *shown = NULL;
  g_autofree char *name = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  /* libxml2's messages quote the input: never raw bytes, never 1 MB. */
  shown = g_utf8_make_valid (msg, MIN (strlen (msg), 1000));
  name = g_utf8_make_valid (file, -1);
  g_set_error (error, MU_ERROR, MU_ERROR_INVALID, "%s:%ld: %s%s", name, line, shown,
               strlen (msg) > 1000 ? "…" : "");
  return NULL;
}

static void
warn (GPtrArray  *warnings,
      const char *file,
      long        line,
      const char *message)
{
  if (warnings)
    g_ptr_array_add (warnings, mu_problem_new (MU_PROBLEM_WARNING, file, (int) line, "%s", message));
}

/* A finite number attribute of el, the whole text read; FALSE when it is
 * missing or not one. */
static gboolean
read_number (xmlNodePtr  el,
             const char *name,
             double     *value)
{
  xmlChar *text = xmlGetProp (el, (const xmlChar *) name);
  char *end = NULL;
  gboolean ok;

  if (text == NULL)
    return FALSE;
  *value = g_ascii_strtod ((const char *) text, &end);
  ok = end != (char *) text && *end == '\0' && isfinite (*value);
  xmlFree (text);
  return ok;
}

/* The front end's view (no rule reads it): one that cannot be read is
 * left out with a warning, and the match loads without it. */
static void
read_view (MuMatch    *m,
           xmlNodePtr  el,
           const char *file,
           GPtrArray  *warnings)
{
  MuMatchView view = { 0 };
  xmlChar *selected = xmlGetProp (el, (const xmlChar *) "selected");

  if (!read_number (el, "zoom", &view.zoom) || view.zoom <= 0 || view.zoom > 1000 ||
      !read_number (el, "x", &view.x) || !read_number (el, "y", &view.y) ||
      fabs (view.x) > 1e9 || fabs (view.y) > 1e9 ||
      (selected != NULL && !mu_id_is_valid ((const char *) selected)))
    {
      warn (warnings, file, xmlGetLineNo (el),
            _("<view> needs a zoom above 0, a board point x and y and at most a counter id "
              "selected: the match opens at its usual view"));
      xmlFree (selected);
      return;
    }
  view.selected = (char *) selected;
  mu_match_set_view (m, &view);
  xmlFree (selected);
}

MuMatch *
mu_match_load_data (const char *data, gsize length, const char *filename, GError **error)
{
  return mu_match_load_data_full (data, length, filename, NULL, error);
}

MuMatch *
mu_match_load_data_full (const char *data, gsize length, const char *filename,
                         GPtrArray *warnings, GError **error)
{
  const char *file = filename ? filename : "match";
  xmlDocPtr doc;
  xmlNodePtr root, n;
  xmlNodePtr scen = NULL, dice = NULL, cmds = NULL, view = NULL;
  g_autoptr(MuScenario) scenario = NULL;
  g_autoptr(GArray) forced = NULL;
  g_autoptr(MuMatch) m = NULL;
  xmlChar *seed_text;
  guint64 seed = 0;
  char *end = NULL;

  if (length > G_MAXINT)
    return load_fail (error, file, 0, _("file too large"));
  {
    g_autofree char *msg = NULL;
    int line = 0;

    doc = mu_xml_read_plain (data, length, file, _("saved matches"), &line, &msg);
    if (doc == NULL)
      return load_fail (error, file, line, "%s", msg);
  }
  root = xmlDocGetRootElement (doc);
  if (root == NULL || !is_el (root, "match"))
    {
      xmlFreeDoc (doc);
      return load_fail (error, file, root ? xmlGetLineNo (root) : 0, _("not a saved match (<match> in %s)"),
                        MU_MATCH_NAMESPACE);
    }
  {
    xmlChar *version = xmlGetProp (root, (const xmlChar *) "version");

    if (version != NULL && !xmlStrEqual (version, (const xmlChar *) "1"))
      {
        long line = xmlGetLineNo (root);
        g_autofree char *shown = mu_problem_quote ((const char *) version);

        xmlFree (version);
        xmlFreeDoc (doc);
        return load_fail (error, file, line,
                          _("<match version=\"%s\">: this program reads saved matches of version 1 "
                          "only; open it with the program that saved it"), shown);
      }
    xmlFree (version);
  }
  seed_text = xmlGetProp (root, (const xmlChar *) "seed");
  errno = 0;
  if (seed_text && g_ascii_isdigit (seed_text[0]))
    seed = g_ascii_strtoull ((const char *) seed_text, &end, 10);
  if (seed_text == NULL || !g_ascii_isdigit (seed_text[0]) || *end != '\0' || errno == ERANGE)
    {
      long line = xmlGetLineNo (root);
      g_autofree char *shown = mu_problem_quote ((const char *) seed_text);

      xmlFree (seed_text);
      xmlFreeDoc (doc);
      if (shown[0] == '\0')
        return load_fail (error, file, line, _("<match> needs a seed attribute, a whole number "
                                                "from 0 to %s"), MAX_SEED);
      return load_fail (error, file, line, _("<match seed=\"%s\">: the seed is a whole number "
                                              "from 0 to %s"), shown, MAX_SEED);
    }
  xmlFree (seed_text);
  for (n = root->children; n; n = n->next)
    if (is_el (n, "scenario-data"))
      scen = n;
    else if (is_el (n, "dice"))
      dice = n;
    else if (is_el (n, "commands"))
      cmds = n;
    else if (is_el (n, "view"))
      view = n;
  if (scen == NULL)
    {
      xmlFreeDoc (doc);
      return load_fail (error, file, xmlGetLineNo (root), _("no <scenario-data> element"));
    }
  for (n = scen->children; n && n->type != XML_ELEMENT_NODE; n = n->next)
    ;
  if (n == NULL)
    {
      long line = xmlGetLineNo (scen);
      xmlFreeDoc (doc);
      return load_fail (error, file, line, _("<scenario-data> holds no scenario"));
    }
  {
    xmlDocPtr sdoc = xmlNewDoc ((const xmlChar *) "1.0");
    xmlChar *sbuf = NULL;
    int slen = 0;
    g_autoptr(GPtrArray) problems = mu_problem_list_new ();
    g_autoptr(GError) local = NULL;
    g_autofree char *sname = g_strdup_printf (_("%s (embedded scenario)"), file);

    xmlDocSetRootElement (sdoc, xmlDocCopyNode (n, sdoc, 1));
    xmlDocDumpMemoryEnc (sdoc, &sbuf, &slen, "UTF-8");
    xmlFreeDoc (sdoc);
    scenario = mu_scenario_load_data ((const char *) sbuf, slen, sname, problems, &local);
    xmlFree (sbuf);
    if (scenario == NULL)
      {
        long line = xmlGetLineNo (n);
        g_autoptr(GString) detail = g_string_new (NULL);
        guint shown = 0;

        /* The problems themselves, not only their count (at most three);
         * their lines count from the <scenario> element. */
        for (guint i = 0; i < problems->len && shown < 3; i++)
          {
            const MuProblem *p = g_ptr_array_index (problems, i);

            if (p->severity != MU_PROBLEM_ERROR)
              continue;
            g_string_append_printf (detail, _("%s%s (line %d of the scenario)"), shown ? "; " : "",
                                    p->message, p->line);
            shown++;
          }
        xmlFreeDoc (doc);
        return load_fail (error, file, line, _("the embedded scenario is invalid: %s"),
                          detail->len ? detail->str : local ? local->message : "invalid");
      }
  }
  /* The ruleset the match names is its scenario's. */
  {
    xmlChar *ruleset = xmlGetProp (root, (const xmlChar *) "ruleset");

    if (ruleset != NULL && g_strcmp0 ((const char *) ruleset, scenario->ruleset) != 0)
      {
        long line = xmlGetLineNo (root);
        g_autofree char *shown = mu_problem_quote ((const char *) ruleset);

        xmlFree (ruleset);
        xmlFreeDoc (doc);
        return load_fail (error, file, line,
                          _("<match ruleset=\"%s\">: the embedded scenario is for the ruleset "
                          "“%s”; a match is played under its scenario's ruleset"),
                          shown, scenario->ruleset);
      }
    xmlFree (ruleset);
  }
  /* The checksum tells the receiving player of a play-by-e-mail match
   * whether the scenario is the one the match was started with. */
  {
    xmlChar *sha = xmlGetProp (scen, (const xmlChar *) "sha256");
    xmlChar *recorded_parts = xmlGetProp (scen, (const xmlChar *) "parts-sha256");
    long line = xmlGetLineNo (scen);
    gsize now_len = 0;
    g_autofree char *now_data = mu_scenario_save_to_data (scenario, &now_len);
    g_autofree char *now_sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256,
                                                             (const guchar *) now_data, now_len);

    if (sha != NULL && !is_sha256 ((const char *) sha))
      {
        g_autofree char *shown = mu_problem_quote ((const char *) sha);

        xmlFree (sha);
        xmlFree (recorded_parts);
        xmlFreeDoc (doc);
        return load_fail (error, file, line,
                          _("<scenario-data sha256=\"%s\">: not a SHA-256 checksum (64 digits "
                          "0-9 and a-f); the file is damaged"), shown);
      }
    if (sha == NULL)
      warn (warnings, file, line, _("the match records no checksum of its scenario: whether it "
            "is the scenario the match was started with cannot be told"));
    else if (strcmp ((const char *) sha, now_sum) != 0 && recorded_parts == NULL)
      /* Saved before the checksums of the parts were recorded, a match
       * summed its scenario as the scenario file was saved, with the
       * comments around <scenario> that a match never embeds: it differs
       * for most scenarios although nothing changed, and what it covered
       * cannot be rebuilt. Saying "changed" would be false. */
      warn (warnings, file, line, _("the match was saved by an earlier version of Muster, whose "
            "checksum also covered comments outside the scenario that the match does not keep: "
            "whether it is the scenario the match was started with cannot be told; save the "
            "match again to record a checksum that can be checked"));
    else if (strcmp ((const char *) sha, now_sum) != 0)
      {
        xmlDocPtr now_doc = xmlReadMemory (now_data, (int) now_len, "scenario.muster", NULL,
                                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
        g_autofree char *now_parts = now_doc && xmlDocGetRootElement (now_doc)
                                     ? part_sums (xmlDocGetRootElement (now_doc)) : NULL;
        g_autofree char *what = now_parts ? differing_parts ((const char *) recorded_parts, now_parts)
                                          : NULL;
        g_autofree char *message = NULL;

        if (now_doc)
          xmlFreeDoc (now_doc);
        message = g_strdup_printf (_("the scenario in this match is not the one the match was "
                                   "started with; changed since: %s (its SHA-256 is %.12s…, "
                                   "the match recorded %.12s…)"),
                                   what ? what : _("the scenario"), now_sum, (const char *) sha);
        warn (warnings, file, line, message);
      }
    xmlFree (sha);
    xmlFree (recorded_parts);
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
      /* An empty <command> (or one whose text could not be read) is damage,
       * not a command to skip. */
      if (text == NULL || *g_strstrip ((char *) text) == '\0')
        {
          long line = xmlGetLineNo (n);

          xmlFree (text);
          xmlFreeDoc (doc);
          return load_fail (error, file, line, "command refused on replay: the command is empty");
        }
      ok = mu_match_apply_line (m, (const char *) text, NULL, &local);
      xmlFree (text);
      if (!ok)
        {
          long line = xmlGetLineNo (n);
          xmlFreeDoc (doc);
          return load_fail (error, file, line, _("command refused on replay: %s"), local->message);
        }
    }
  if (view != NULL)
    read_view (m, view, file, warnings);
  xmlFreeDoc (doc);
  return g_steal_pointer (&m);
}

MuMatch *
mu_match_load_file (const char *path, GError **error)
{
  return mu_match_load_file_full (path, NULL, error);
}

MuMatch *
mu_match_load_file_full (const char *path, GPtrArray *warnings, GError **error)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  if (!mu_file_read (path, MU_FILE_MAX_SIZE, &data, &len, error))
    return NULL;
  return mu_match_load_data_full (data, len, path, warnings, error);
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
