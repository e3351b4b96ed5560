/* mu-scenario-xml.c: loading .muster files
 *
 * parse (no network, no DTD, no entity expansion) -> RelaxNG validation
 * (the per-hex elements checked by mu-scenario-xml-bulk.c) -> model ->
 * semantic checks. Every libxml2 message is turned into a MuProblem
 * with the line it names; nothing here trusts the input.
 */
#define G_LOG_DOMAIN "muster-xml"

#include "config.h"

#include "mu-scenario-xml.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/relaxng.h>
#include <libxml/SAX2.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <stdio.h>
#include <sys/stat.h>
#include <string.h>

#include "mu-error.h"
#include "mu-file.h"
#include "mu-scenario-xml-private.h"

/* Files larger than this are refused before parsing. */
#define MAX_FILE_SIZE MU_FILE_MAX_SIZE
/* More messages than this from libxml2 for one file are summarised. */
#define MAX_XML_MESSAGES 200
/* Elements nested deeper than this (<scenario> is 1) are refused: a saved
 * match holds the scenario two levels down, and libxml2 reads no deeper
 * than 256, so every scenario that loads also reopens inside a match. */
#define MAX_DEPTH 250


void
mu_xml_report (MuXmlLoader *ld,
               int         line,
               const char *format,
               ...)
{
  va_list args;
  MuProblem *p;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  p = mu_problem_new (MU_PROBLEM_ERROR, ld->file, line, "%s", msg);
  ld->n_errors++;
  if (ld->problems)
    g_ptr_array_add (ld->problems, p);
  else
    mu_problem_free (p);
}

int
mu_xml_node_line (xmlNodePtr node)
{
  long l = xmlGetLineNo (node);

  return l > 0 && l < G_MAXINT ? (int) l : 0;
}

/* libxml2 messages ---------------------------------------------------------------- */

/* libxml2 names its own option (XML_PARSE_HUGE) when it meets one of its
 * limits; a person needs the limit and where it applies instead. */
static const char *
limit_message (const xmlError *err)
{
  const char *m = err->message ? err->message : "";

  if (strstr (m, "Excessive depth") != NULL)
    return _("elements are nested more than 256 deep, the limit of the XML parser");
  if (err->code == XML_ERR_NAME_TOO_LONG || strstr (m, "Name too long") != NULL)
    return _("a name is longer than 50,000 characters, the limit of the XML parser");
  if (strstr (m, "AttValue length too long") != NULL)
    return _("an attribute value is longer than 10,000,000 characters, the limit of the XML parser");
  if (strstr (m, "Comment too big") != NULL)
    return _("a comment is longer than 10,000,000 characters, the limit of the XML parser");
  if (strstr (m, "CData section too big") != NULL)
    return _("a CDATA section is longer than 10,000,000 characters, the limit of the XML parser");
  if (strstr (m, "PI ") != NULL && strstr (m, "too big") != NULL)
    return _("a processing instruction is longer than 10,000,000 characters, the limit of the XML parser");
  if (strstr (m, "huge text node") != NULL)
    return _("a text is longer than 10,000,000 characters, the limit of the XML parser");
  if (strstr (m, "XML_PARSE_HUGE") != NULL || strstr (m, "Huge input lookup") != NULL)
    return _("the file goes past a limit of the XML parser (names of 50,000 characters, "
             "texts and values of 10,000,000, elements nested 256 deep)");
  return NULL;
}

gboolean
mu_xml_error_is_limit (const xmlError *err)
{
  return err != NULL && limit_message (err) != NULL;
}

char *
mu_xml_error_message (const xmlError *err)
{
  const char *limit;
  char *msg;

  if (err == NULL)
    return g_strdup (_("unknown XML error"));
  limit = limit_message (err);
  if (limit != NULL)
    return g_strdup (limit);
  msg = g_strdup (err->message ? err->message : _("unknown XML error"));
  g_strstrip (msg);
  /* Keep messages on one line and valid UTF-8 even when they quote bad input. */
  for (char *c = msg; *c; c++)
    if (*c == '\n' || *c == '\r' || *c == '\t')
      *c = ' ';
  if (!g_utf8_validate (msg, -1, NULL))
    {
      char *fixed = g_utf8_make_valid (msg, -1);

      g_free (msg);
      msg = fixed;
    }
  return msg;
}

static void
on_xml_error (void        *data,
              xmlErrorPtr  err)
{
  MuXmlLoader *ld = data;
  g_autofree char *msg = NULL;
  int line;

  if (err == NULL || err->level == XML_ERR_NONE)
    return;
  if (err->level == XML_ERR_WARNING && err->domain != XML_FROM_RELAXNGV)
    return;
  ld->n_xml_messages++;
  if (ld->n_xml_messages > MAX_XML_MESSAGES)
    {
      if (ld->n_xml_messages == MAX_XML_MESSAGES + 1)
        mu_xml_report (ld, 0, _("too many errors, giving up"));
      return;
    }
  /* A limit's message is followed by the parser's complaints about what it
   * could not read after it; only the first says what is wrong. */
  if (ld->hit_limit && err->domain == XML_FROM_PARSER)
    return;
  msg = mu_xml_error_message (err);
  if (mu_xml_error_is_limit (err))
    ld->hit_limit = TRUE;
  line = err->line;
  if (line <= 0 && err->node != NULL && err->domain != XML_FROM_PARSER)
    line = mu_xml_node_line (err->node);
  if (err->domain == XML_FROM_RELAXNGV || err->domain == XML_FROM_VALID)
    mu_xml_report (ld, line, _("not a valid scenario: %s"), msg);
  else
    mu_xml_report (ld, line, "%s", msg);
}

static void
on_start_element (void           *ctx,
                  const xmlChar  *localname,
                  const xmlChar  *prefix,
                  const xmlChar  *uri,
                  int             nb_namespaces,
                  const xmlChar **namespaces,
                  int             nb_attributes,
                  int             nb_defaulted,
                  const xmlChar **attributes)
{
  xmlParserCtxtPtr ctxt = ctx;
  MuXmlLoader *ld = ctxt->_private;

  /* nameNr counts the open ancestors of this element. */
  if (ctxt->nameNr >= MAX_DEPTH)
    {
      if (!ld->hit_limit)
        mu_xml_report (ld, ctxt->input ? ctxt->input->line : 0,
                       _("elements are nested more than %d deep; a scenario needs only a few levels"),
                       MAX_DEPTH);
      ld->hit_limit = TRUE;
      xmlStopParser (ctxt);
      return;
    }
  if (mu_xml_bulk_start (ctxt, localname, prefix, uri, nb_namespaces, namespaces,
                         nb_attributes, nb_defaulted, attributes))
    return;
  xmlSAX2StartElementNs (ctx, localname, prefix, uri, nb_namespaces, namespaces,
                         nb_attributes, nb_defaulted, attributes);
}

/* The blanks between a board's thousands of <hex> and <hexside> elements
 * would each be a text node of the tree, a fifth of its memory: the loader
 * reads the board's elements, never the text between them, and the writer
 * lays the file out itself, so they are left out. Any other text is kept. */
static void
on_characters (void          *ctx,
               const xmlChar *ch,
               int            len)
{
  xmlParserCtxtPtr ctxt = ctx;
  xmlNodePtr parent = ctxt->node;

  if (parent != NULL && (parent->last == NULL || parent->last->type == XML_ELEMENT_NODE) &&
      xmlStrEqual (parent->name, (const xmlChar *) "hex-map"))
    {
      int i = 0;

      while (i < len && (ch[i] == ' ' || ch[i] == '\t' || ch[i] == '\n' || ch[i] == '\r'))
        i++;
      if (i == len)
        return;
    }
  xmlSAX2Characters (ctx, ch, len);
}

/* A DOCTYPE can declare entities (entity-expansion bombs, external files):
 * scenarios never need one, so the parser stops at the first sight of it. */
static void
on_internal_subset (void          *ctx,
                    const xmlChar *name,
                    const xmlChar *external_id,
                    const xmlChar *system_id)
{
  xmlParserCtxtPtr ctxt = ctx;
  MuXmlLoader *ld = ctxt->_private;

  mu_xml_report (ld, ctxt->input ? ctxt->input->line : 0,
                 _("DOCTYPE declarations are not allowed in scenario files"));
  xmlStopParser (ctxt);
}

static xmlParserInputPtr
no_external_entities (const char       *url,
                      const char       *id,
                      xmlParserCtxtPtr  ctxt)
{
  /* Never read another file or URL on behalf of a scenario. */
  return NULL;
}

/* Schema ------------------------------------------------------------------------ */

const char *
mu_schema_path (void)
{
  static char *path = NULL;
  const char *env = g_getenv ("MUSTER_DATADIR");

  if (env != NULL && *env != '\0')
    {
      g_autofree char *p = g_build_filename (env, "muster.rng", NULL);

      if (g_file_test (p, G_FILE_TEST_IS_REGULAR))
        {
          /* Keep one copy per distinct value; the environment rarely changes. */
          if (path == NULL || strcmp (path, p) != 0)
            {
              g_free (path);
              path = g_steal_pointer (&p);
            }
          return path;
        }
    }
  if (g_file_test (MUSTER_SOURCE_DATADIR "/muster.rng", G_FILE_TEST_IS_REGULAR))
    return MUSTER_SOURCE_DATADIR "/muster.rng";
  return PKGDATADIR "/muster.rng";
}

G_LOCK_DEFINE_STATIC (schema);
static xmlRelaxNGPtr schema_cache;
static xmlRelaxNGPtr counter_schema_cache;
static char *schema_cache_path;

static void
on_schema_error (void        *data,
                 xmlErrorPtr  err)
{
  /* Problems in the schema itself are the installation's, not the user's. */
  if (err && err->message)
    g_warning ("%s", err->message);
}

static xmlRelaxNGPtr
parse_schema (const char *path)
{
  xmlRelaxNGParserCtxtPtr pctxt = xmlRelaxNGNewParserCtxt (path);
  xmlRelaxNGPtr schema;

  if (pctxt == NULL)
    return NULL;
  xmlRelaxNGSetParserStructuredErrors (pctxt, on_schema_error, NULL);
  schema = xmlRelaxNGParse (pctxt);
  xmlRelaxNGFreeParserCtxt (pctxt);
  return schema;
}

/* The scenario schema, and in *counters the counters' own (muster-counters.rng
 * beside it); both NULL when either cannot be read. */
static xmlRelaxNGPtr
get_schema (xmlRelaxNGPtr *counters)
{
  const char *path = mu_schema_path ();
  xmlRelaxNGPtr schema;

  G_LOCK (schema);
  if (schema_cache == NULL || g_strcmp0 (schema_cache_path, path) != 0)
    {
      g_autofree char *dir = g_path_get_dirname (path);
      g_autofree char *counters_path = g_build_filename (dir, "muster-counters.rng", NULL);

      schema = parse_schema (path);
      *counters = schema ? parse_schema (counters_path) : NULL;
      if (schema != NULL && *counters != NULL)
        {
          g_clear_pointer (&schema_cache, xmlRelaxNGFree);
          g_clear_pointer (&counter_schema_cache, xmlRelaxNGFree);
          schema_cache = schema;
          counter_schema_cache = *counters;
          g_free (schema_cache_path);
          schema_cache_path = g_strdup (path);
        }
      else
        {
          g_clear_pointer (&schema, xmlRelaxNGFree);
          g_clear_pointer (counters, xmlRelaxNGFree);
        }
    }
  schema = schema_cache;
  *counters = counter_schema_cache;
  G_UNLOCK (schema);
  return schema;
}

/* Schema messages ------------------------------------------------------------------ */

static const char *const known_elements[] = {
  "scenario", "title", "description", "date", "author", "option", "timeline", "victory",
  "hex-map", "terrain", "row", "elevation", "hex", "hexside", "path", "label", "table",
  "area", "line", "side", "control", "command", "unit", "note", "objective", "task",
  "reserve", "own-lines", "home-edge", "value",
};

/* Elements in our namespace (or none) that the format does not have. */
static guint
report_unknown_elements (MuXmlLoader *ld,
                         xmlNodePtr   node,
                         guint        depth)
{
  guint n = 0;

  for (xmlNodePtr c = node; c && depth < 300; c = c->next)
    {
      gboolean known = FALSE;

      if (c->type != XML_ELEMENT_NODE)
        continue;
      if (c->ns != NULL && strcmp ((const char *) c->ns->href, MU_SCENARIO_NAMESPACE) != 0)
        continue;       /* an extension: anything goes inside */
      for (guint i = 0; i < G_N_ELEMENTS (known_elements); i++)
        if (strcmp ((const char *) c->name, known_elements[i]) == 0)
          known = TRUE;
      if (!known)
        {
          mu_xml_report (ld, mu_xml_node_line (c),
                         c->ns ? _("not a valid scenario: there is no element <%s> in the scenario format")
                               : _("not a valid scenario: <%s> has no namespace (extensions need their own namespace)"),
                         (const char *) c->name);
          n++;
          continue;
        }
      n += report_unknown_elements (ld, c->children, depth + 1);
    }
  return n;
}

static xmlNodePtr
element_at_line (xmlNodePtr  node,
                 const char *name,
                 int         line,
                 guint       depth)
{
  for (xmlNodePtr c = node; c && depth < 300; c = c->next)
    {
      xmlNodePtr found;

      if (c->type != XML_ELEMENT_NODE)
        continue;
      if (mu_xml_node_line (c) == line && strcmp ((const char *) c->name, name) == 0)
        return c;
      found = element_at_line (c->children, name, line, depth + 1);
      if (found)
        return found;
    }
  return NULL;
}

/* libxml2's "Element E failed to validate content", said of a parent once a
 * child failed: the whole message, as a message naming a value the file gave
 * (`parent="…failed to validate content"`) must not pass for it. */
static gboolean
is_content_complaint (const char *raw)
{
  char e[128];
  int end = -1;

  return sscanf (raw, "Element %127s failed to validate content%n", e, &end) == 1 && end > 0 && raw[end] == '\0';
}

/* libxml2's RelaxNG messages come with follow-up noise ("failed to validate
 * content", "Invalid sequence in interleave"): keep what helps, say it in the
 * terms of the format, and name unknown elements precisely. */
static void
tidy_schema_messages (MuXmlLoader *ld,
                      guint        first)
{
  static const char prefix[] = "not a valid scenario: ";
  guint unknown = report_unknown_elements (ld, ld->root, 0);
  guint useful = 0;

  for (guint i = first; i < ld->problems->len; i++)
    {
      MuProblem *p = g_ptr_array_index (ld->problems, i);
      const char *raw;
      char a[128], e[128];
      char *rewritten = NULL;

      if (!g_str_has_prefix (p->message, prefix))
        continue;
      raw = p->message + strlen (prefix);
      if (sscanf (raw, "Invalid attribute %127s for element %127s", a, e) == 2)
        {
          xmlNodePtr node = element_at_line (ld->root, e, p->line, 0);
          xmlChar *v = node ? xmlGetNoNsProp (node, (const xmlChar *) a) : NULL;

          if (v)
            rewritten = g_strdup_printf (_("<%s>: attribute %s=\"%s\" is unknown or its value is not allowed"),
                                         e, a, (const char *) v);
          else
            rewritten = g_strdup_printf (_("<%s>: attribute %s is unknown or its value is not allowed"), e, a);
          xmlFree (v);
        }
      else if (sscanf (raw, "Extra element %127s in interleave", e) == 1)
        rewritten = g_strdup_printf (_("<%s> is not expected here or is not valid"), e);
      else if (sscanf (raw, "Element %127s has extra content: %127s", e, a) == 2)
        rewritten = g_strdup_printf (_("<%s>: <%s> is not allowed inside"), e, a);
      else if (sscanf (raw, "Element %127s failed to validate attributes", e) == 1)
        rewritten = g_strdup_printf (_("<%s>: a required attribute is missing or an attribute has a value that is not allowed"), e);
      else if (unknown == 0 && sscanf (raw, "Expecting an element %127[^,], got nothing", e) == 1)
        rewritten = g_strdup_printf (_("<%s> is missing or out of place"), e);
      if (rewritten)
        {
          g_free (p->message);
          p->message = g_strconcat (prefix, rewritten, NULL);
          g_free (rewritten);
          /* The root's attribute message follows any error inside it. */
          if (strcmp (e, "scenario") != 0)
            useful++;
        }
      else if (!g_str_has_prefix (raw, "Expecting an element") &&
               !is_content_complaint (raw) &&
               !g_str_has_prefix (raw, "Internal error") &&
               !g_str_has_prefix (raw, "Invalid sequence in interleave"))
        useful++;
    }
  if (useful == 0)
    return;
  /* Drop the noise once something better has been said. */
  for (guint i = ld->problems->len; i > first; i--)
    {
      MuProblem *p = g_ptr_array_index (ld->problems, i - 1);
      const char *raw;

      if (!g_str_has_prefix (p->message, prefix))
        continue;
      raw = p->message + strlen (prefix);
      if (g_str_has_prefix (raw, "Expecting an element") || is_content_complaint (raw) ||
          g_str_has_prefix (raw, "<scenario>: a required attribute") ||
          /* libxml2 loses its place after a missing attribute ("no state") */
          g_str_has_prefix (raw, "Internal error") ||
          g_str_has_prefix (raw, "Invalid sequence in interleave"))
        g_ptr_array_remove_index (ld->problems, i - 1);
    }
  /* ... and then says the same thing twice. */
  for (guint i = ld->problems->len; i > first + 1; i--)
    {
      MuProblem *p = g_ptr_array_index (ld->problems, i - 1);

      for (guint j = first; j < i - 1; j++)
        {
          MuProblem *q = g_ptr_array_index (ld->problems, j);

          if (q->line == p->line && strcmp (q->message, p->message) == 0)
            {
              g_ptr_array_remove_index (ld->problems, i - 1);
              break;
            }
        }
    }
}

/* Loading ---------------------------------------------------------------------------- */

/* The first element called name, preferring one on a line in `lines`. */
static xmlNodePtr
find_element (xmlNodePtr  node,
              const char *name,
              GHashTable *lines,
              xmlNodePtr *first)
{
  for (xmlNodePtr c = node; c; c = c->next)
    {
      xmlNodePtr found;

      if (c->type != XML_ELEMENT_NODE)
        continue;
      if (strcmp ((const char *) c->name, name) == 0)
        {
          if (*first == NULL)
            *first = c;
          if (g_hash_table_contains (lines, GINT_TO_POINTER (mu_xml_node_line (c))))
            return c;
        }
      found = find_element (c->children, name, lines, first);
      if (found)
        return found;
    }
  return NULL;
}

/* Some RelaxNG messages (inside <interleave>) come without a node. Name the
 * element they mention, or else the element named by the next message. */
static void
fix_schema_lines (MuXmlLoader *ld,
                  guint   first)
{
  for (guint i = first; i < ld->problems->len; i++)
    {
      MuProblem *p = g_ptr_array_index (ld->problems, i);
      const char *extra;

      if (p->line > 0)
        continue;
      extra = strstr (p->message, "Extra element ");
      if (extra)
        {
          g_autofree char *name = g_strdup (extra + strlen ("Extra element "));
          char *space = strchr (name, ' ');
          g_autoptr(GHashTable) lines = g_hash_table_new (NULL, NULL);
          xmlNodePtr node, first_found = NULL;

          if (space)
            *space = '\0';
          for (guint j = first; j < ld->problems->len; j++)
            {
              const MuProblem *q = g_ptr_array_index (ld->problems, j);

              if (q->line > 0)
                g_hash_table_add (lines, GINT_TO_POINTER (q->line));
            }
          /* Depth is bounded by the parser (256), so recursion is safe. */
          node = find_element (ld->root, name, lines, &first_found);
          if (node == NULL)
            node = first_found;
          if (node)
            p->line = mu_xml_node_line (node);
        }
      for (guint j = i + 1; p->line == 0 && j < ld->problems->len; j++)
        {
          const MuProblem *q = g_ptr_array_index (ld->problems, j);

          if (q->line > 0)
            p->line = q->line;
        }
    }
}

/* Gives the counters' messages that name no line the line of an invalid
 * counter, in order. */
static void
name_counter_lines (MuXmlLoader  *ld,
                    guint         first,
                    GArray       *counters,
                    xmlRelaxNGPtr counter_schema)
{
  g_autoptr(GArray) lines = NULL;
  guint next = 0;

  for (guint i = first; i < ld->problems->len && lines == NULL; i++)
    if (((MuProblem *) g_ptr_array_index (ld->problems, i))->line <= 0)
      lines = mu_xml_invalid_counter_lines (ld, counters, counter_schema);
  if (lines == NULL || lines->len == 0)
    return;
  for (guint i = first; i < ld->problems->len; i++)
    {
      MuProblem *p = g_ptr_array_index (ld->problems, i);

      if (p->line > 0)
        {
          /* Messages come in document order: one with a line is past its counter. */
          while (next < lines->len && g_array_index (lines, int, next) <= p->line)
            next++;
          continue;
        }
      p->line = g_array_index (lines, int, MIN (next, lines->len - 1));
      next++;
    }
}

/* The counters are validated without the <interleave> around them, and
 * libxml2 then adds the type's own complaint and "Element E failed to
 * validate attributes" to "Invalid attribute A for element E", which says it
 * all, with the value (see tidy_schema_messages()). Runs once every message
 * has its line. */
static void
drop_counter_noise (MuXmlLoader *ld,
                    guint        first)
{
  static const char prefix[] = "not a valid scenario: ";
  char a[128], e[128];
  g_autoptr(GHashTable) lines = g_hash_table_new (NULL, NULL);

  for (guint i = first; i < ld->problems->len; i++)
    {
      const MuProblem *p = g_ptr_array_index (ld->problems, i);

      if (g_str_has_prefix (p->message, prefix) &&
          sscanf (p->message + strlen (prefix), "Invalid attribute %127s for element %127s", a, e) == 2)
        g_hash_table_add (lines, GINT_TO_POINTER (p->line));
    }
  for (guint i = ld->problems->len; i > first; i--)
    {
      MuProblem *p = g_ptr_array_index (ld->problems, i - 1);
      const char *raw = g_str_has_prefix (p->message, prefix) ? p->message + strlen (prefix) : "";

      if (!g_hash_table_contains (lines, GINT_TO_POINTER (p->line)))
        continue;
      if (sscanf (raw, "Element %127s failed to validate attributes", e) == 1 ||
          (g_str_has_prefix (raw, "Type ") && strstr (raw, " doesn't allow value ")))
        {
          g_ptr_array_remove_index (ld->problems, i - 1);
          if (ld->n_errors > 0)
            ld->n_errors--;
        }
    }
}

/* Reports progress; FALSE once loading is to stop. */
static gboolean
stage (MuXmlLoader *ld,
       double       fraction)
{
  if (g_cancellable_is_cancelled (ld->cancellable))
    return FALSE;
  if (ld->progress)
    ld->progress (fraction, ld->progress_data);
  return TRUE;
}

/* The file in memory, given to the parser as it asks for it. */
typedef struct {
  const char *data;
  gsize length;
  gsize offset;
} Reader;

static int
read_piece (void *context,
            char *buffer,
            int   len)
{
  Reader *r = context;
  gsize n = MIN ((gsize) MAX (len, 0), r->length - r->offset);

  memcpy (buffer, r->data + r->offset, n);
  r->offset += n;
  return (int) n;
}

static int
close_piece (void *context)
{
  return 0;
}

static MuScenario *
load_data_full (const char         *data,
                gsize               length,
                char              **owned,
                const char         *filename,
                MuLoadFlags         flags,
                GPtrArray          *problems,
                MuLoadProgressFunc  progress,
                gpointer            progress_data,
                GCancellable       *cancellable,
                GError            **error)
{
  MuXmlLoader ld = { 0 };
  Reader reader = { data, length, 0 };
  gboolean cancelled = FALSE;
  g_autoptr(GPtrArray) own_problems = NULL;
  MuScenario *s = NULL;
  xmlRelaxNGPtr schema, counter_schema = NULL;
  xmlExternalEntityLoader old_loader;
  const char *label = filename ? filename : _("(data)");
  /* whether the checks ran on a whole model, and the errors found before
   * them: those always refuse the file */
  gboolean checked = FALSE;
  guint errors_before_check = 0;
  /* XML_PARSE_COMPACT: short texts (most attribute values) inside their
   * nodes, as xmllint keeps them; the loader never changes a text node */
  int options = XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                XML_PARSE_COMPACT;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (problems == NULL)
    problems = own_problems = mu_problem_list_new ();
  ld.file = label;
  ld.problems = problems;
  ld.comments = g_ptr_array_new_with_free_func (g_free);
  ld.progress = progress;
  ld.progress_data = progress_data;
  ld.cancellable = cancellable;

  if (length == 0 || data == NULL)
    {
      mu_xml_report (&ld, 1, _("the file is empty"));
      goto out;
    }
  if (length > MAX_FILE_SIZE || length > G_MAXINT)
    {
      mu_xml_report (&ld, 0, _("the file is too large (%lu bytes)"), (gulong) length);
      goto out;
    }

  xmlInitParser ();
  /* A parser reading from memory copies the whole file into a buffer of its
   * own, up to twice the file's size, the peak of a large board's load; read
   * a piece at a time, the same parser keeps only what it has not consumed.
   * Past XML_MAX_LOOKUP_LIMIT bytes that parser would name a text longer
   * than its limits by a plainer message, so such a file is read from
   * memory as before. */
  if (length < XML_MAX_LOOKUP_LIMIT)
    ld.ctxt = xmlCreateIOParserCtxt (NULL, NULL, read_piece, close_piece, &reader, XML_CHAR_ENCODING_NONE);
  else
    ld.ctxt = xmlCreateMemoryParserCtxt (data, (int) length);
  if (ld.ctxt == NULL)
    {
      mu_xml_report (&ld, 0, _("cannot set up the XML parser"));
      goto out;
    }
  ld.ctxt->_private = &ld;
  ld.ctxt->sax->internalSubset = on_internal_subset;
  ld.ctxt->sax->startElementNs = on_start_element;
  ld.ctxt->sax->characters = on_characters;
  ld.ctxt->sax->ignorableWhitespace = on_characters;
  ld.ctxt->sax->externalSubset = NULL;
  ld.ctxt->sax->error = NULL;
  ld.ctxt->sax->warning = NULL;
  xmlCtxtUseOptions (ld.ctxt, options);
  /* Structured errors go to ld through the SAX handler; make sure nothing
   * goes to stderr on the side. */
  xmlSetStructuredErrorFunc (&ld, on_xml_error);
  old_loader = xmlGetExternalEntityLoader ();
  xmlSetExternalEntityLoader (no_external_entities);
  if (filename)
    ld.ctxt->input->filename = (char *) xmlStrdup ((const xmlChar *) filename);
  xmlParseDocument (ld.ctxt);
  xmlSetExternalEntityLoader (old_loader);
  ld.doc = ld.ctxt->myDoc;
  ld.ctxt->myDoc = NULL;
  if (!ld.ctxt->wellFormed || ld.doc == NULL || ld.n_errors > 0)
    {
      if (ld.n_errors == 0)
        mu_xml_report (&ld, ld.ctxt->input ? ld.ctxt->input->line : 0, _("not well-formed XML"));
      goto out;
    }
  /* The parser's copy of the file and the file itself are not read again:
   * gone before the model is built beside the tree, they leave the peak. */
  g_clear_pointer (&ld.ctxt, xmlFreeParserCtxt);
  if (owned)
    g_clear_pointer (owned, g_free);

  if (!stage (&ld, 0.5))
    {
      cancelled = TRUE;
      goto out;
    }
  ld.root = xmlDocGetRootElement (ld.doc);
  if (ld.root == NULL)
    {
      mu_xml_report (&ld, 1, _("no root element"));
      goto out;
    }
  if (ld.doc->intSubset != NULL || ld.doc->extSubset != NULL)
    {
      mu_xml_report (&ld, 1, _("DOCTYPE declarations are not allowed in scenario files"));
      goto out;
    }
  if (!mu_xml_is_element (ld.root, "scenario"))
    {
      g_autofree char *name = mu_problem_quote ((const char *) ld.root->name);

      if (!xmlStrEqual (ld.root->name, (const xmlChar *) "scenario"))
        mu_xml_report (&ld, mu_xml_node_line (ld.root),
                       _("the root element is <%s>; a scenario file's is <scenario xmlns=\"%s\">"),
                       name, MU_SCENARIO_NAMESPACE);
      else if (ld.root->ns == NULL || ld.root->ns->href == NULL)
        mu_xml_report (&ld, mu_xml_node_line (ld.root),
                       _("<scenario> has no namespace; write <scenario xmlns=\"%s\" …>"),
                       MU_SCENARIO_NAMESPACE);
      else
        {
          g_autofree char *ns = mu_problem_quote ((const char *) ld.root->ns->href);

          mu_xml_report (&ld, mu_xml_node_line (ld.root),
                         _("<scenario> is in the namespace “%s”; a scenario file's is “%s”"),
                         ns, MU_SCENARIO_NAMESPACE);
        }
      goto out;
    }

  {
    xmlChar *value = xmlGetNoNsProp (ld.root, (const xmlChar *) "format");
    g_autofree char *format = value ? g_strstrip (g_strdup ((const char *) value)) : NULL;

    xmlFree (value);

    if (format == NULL)
      {
        mu_xml_report (&ld, mu_xml_node_line (ld.root), _("<scenario>: the format attribute is missing"));
        goto out;
      }
    if (strcmp (format, "1") != 0)
      {
        mu_xml_report (&ld, mu_xml_node_line (ld.root),
                       _("<scenario>: format “%s” is not supported (this version of Muster reads format %d)"),
                       format, MU_SCENARIO_FORMAT_VERSION);
        goto out;
      }
  }

  schema = get_schema (&counter_schema);
  if (schema == NULL)
    {
      mu_xml_report (&ld, 0, _("cannot read the scenario schema %s"), mu_schema_path ());
      goto out;
    }
  else
    {
      xmlRelaxNGValidCtxtPtr vctxt = xmlRelaxNGNewValidCtxt (schema);
      guint first_schema_problem = problems->len;
      guint bulk_errors = ld.n_errors;
      g_autoptr(GArray) bulk = NULL;
      g_autoptr(GArray) counters = NULL;
      g_autoptr(GArray) doubtful = NULL;
      int rc;

      /* The schema sees the board's structure; the loader checks the many
       * per-hex elements itself (see mu-scenario-xml-bulk.c), and the
       * counters are validated apart from the rest, those not certainly valid
       * (mu-scenario-xml-counters.c) by the schema. */
      bulk = mu_xml_detach_bulk (&ld);
      bulk_errors = ld.n_errors - bulk_errors;
      counters = mu_xml_detach_counters (&ld, &doubtful);
      xmlRelaxNGSetValidStructuredErrors (vctxt, on_xml_error, &ld);
      rc = xmlRelaxNGValidateDoc (vctxt, ld.doc);
      xmlRelaxNGFreeValidCtxt (vctxt);
      if (doubtful->len > 0)
        {
          guint first_counter_problem = problems->len;

          vctxt = xmlRelaxNGNewValidCtxt (counter_schema);
          xmlRelaxNGSetValidStructuredErrors (vctxt, on_xml_error, &ld);
          if (mu_xml_validate_counters (&ld, doubtful, vctxt) != 0)
            {
              name_counter_lines (&ld, first_counter_problem, doubtful, counter_schema);
              drop_counter_noise (&ld, first_counter_problem);
              rc = -1;
            }
          xmlRelaxNGFreeValidCtxt (vctxt);
        }
      mu_xml_reattach_bulk (counters);
      mu_xml_reattach_bulk (bulk);
      if (rc == 0 && bulk_errors > 0)
        goto out;
      fix_schema_lines (&ld, first_schema_problem);
      if (rc != 0)
        tidy_schema_messages (&ld, first_schema_problem);
      if (rc != 0)
        {
          if (ld.n_errors == 0)
            mu_xml_report (&ld, mu_xml_node_line (ld.root), _("not a valid scenario"));
          goto out;
        }
    }

  if (!stage (&ld, 0.65))
    {
      cancelled = TRUE;
      goto out;
    }
  s = mu_xml_build_model (&ld);
  /* Without a board the checks would only repeat what was said above. */
  if ((s->board == MU_BOARD_HEX && s->hex_map == NULL) ||
      (s->board == MU_BOARD_TABLE && s->table == NULL))
    goto out;
  g_free (s->filename);
  s->filename = g_strdup (filename);
  if (!stage (&ld, 0.85))
    {
      cancelled = TRUE;
      goto out;
    }
  {
    guint before = problems->len;

    errors_before_check = MAX (mu_problem_list_n_errors (problems), ld.n_errors);
    mu_scenario_check (s, problems);
    checked = TRUE;
    /* The checker names the scenario's file; keep the label used here. */
    for (guint i = before; i < problems->len; i++)
      {
        MuProblem *p = g_ptr_array_index (problems, i);

        if (p->file == NULL)
          p->file = g_strdup (label);
      }
  }

out:
  xmlSetStructuredErrorFunc (NULL, NULL);
  if (ld.ctxt)
    xmlFreeParserCtxt (ld.ctxt);
  if (ld.doc)
    xmlFreeDoc (ld.doc);
  g_ptr_array_unref (ld.comments);

  if (cancelled)
    {
      g_clear_pointer (&s, mu_scenario_free);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("%s: loading was cancelled"), label);
      return NULL;
    }
  /* A file that reads but fails the checks is kept for an editor to fix:
   * refusing it would lose a design in progress that the editor saved. */
  if (s != NULL && checked && (flags & MU_LOAD_KEEP_CHECKED) && errors_before_check == 0 &&
      ld.n_errors == 0)
    return s;
  if (mu_problem_list_n_errors (problems) > 0 || ld.n_errors > 0)
    {
      guint n = MAX (mu_problem_list_n_errors (problems), ld.n_errors);

      g_clear_pointer (&s, mu_scenario_free);
      g_set_error (error, MU_ERROR, MU_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE, "%s: %u error", "%s: %u errors", n),
                   label, n);
    }
  return s;
}

MuScenario *
mu_scenario_load_data (const char  *data,
                       gsize        length,
                       const char  *filename,
                       GPtrArray   *problems,
                       GError     **error)
{
  return load_data_full (data, length, NULL, filename, MU_LOAD_DEFAULT, problems, NULL, NULL, NULL,
                         error);
}

MuScenario *
mu_scenario_load_file (const char  *path,
                       GPtrArray   *problems,
                       GError     **error)
{
  return mu_scenario_load_file_full (path, MU_LOAD_DEFAULT, problems, NULL, NULL, NULL, error);
}

MuScenario *
mu_scenario_load_file_full (const char         *path,
                            MuLoadFlags         flags,
                            GPtrArray          *problems,
                            MuLoadProgressFunc  progress,
                            gpointer            user_data,
                            GCancellable       *cancellable,
                            GError            **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);

  /* Devices and pipes (/dev/zero) would be read without end. */
  if (!mu_file_read (path, MAX_FILE_SIZE, &data, &length, &local))
    {
      /* The problem names the file itself: not twice. */
      g_autofree char *display = g_filename_display_name (path);
      const char *what = local->message;

      if (g_str_has_prefix (what, display) && g_str_has_prefix (what + strlen (display), ": "))
        what += strlen (display) + 2;
      if (problems)
        g_ptr_array_add (problems, mu_problem_new (MU_PROBLEM_ERROR, path, 0, "%s", what));
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  if (progress)
    progress (0.1, user_data);
  return load_data_full (data, length, &data, path, flags, problems, progress, user_data, cancellable,
                         error);
}
