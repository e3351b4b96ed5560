/* mu-scenario-xml-bulk.c: the loader's own check of the per-hex elements
 *
 * libxml2's RelaxNG validator takes time that grows with the square of the
 * number of children of an <interleave>: a large board's tens of thousands of
 * <hex> and <hexside> elements took seconds. These elements have a fixed,
 * flat form, so the loader takes them out of the document before validation,
 * checks them here against the same definitions (data/muster.rng, "hex" and
 * "hexside"), and puts them back where they were. The schema still checks
 * everything else, and still documents these elements. Messages have the
 * form the schema's messages are given (see tidy_schema_messages()).
 *
 * The counters (<control>, <command>, <unit>), children of the root's
 * <interleave>, are taken out the same way; those not certainly valid (see
 * mu-scenario-xml-counters.c) are checked on their own against
 * data/muster-counters.rng, which uses muster.rng's definitions.
 */
#define G_LOG_DOMAIN "muster-xml"

#include "config.h"

#include "mu-scenario-xml-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* As data/muster.rng lists them. */
static const char *const hex_features[] = {
  "stream", "ford", "bridge", "impassable", "fortification", "fortified-building",
  "prepared-defence", "buildings", NULL,
};
static const char *const side_features[] = {
  "stream", "hedge", "wall", "fortification", "ford", "bridge", "breached", NULL,
};
static const char *const directions[] = {
  "n", "ne", "e", "se", "s", "sw", "w", "nw", NULL,
};

typedef struct {
  xmlNodePtr node;
  xmlNodePtr parent;
  xmlNodePtr anchor;     /* the kept node it followed, NULL = first */
} Detached;

static gboolean
is_xml_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static gboolean
in_list (const char  *word,
         gsize        len,
         const char *const *list)
{
  for (guint i = 0; list[i]; i++)
    if (strlen (list[i]) == len && memcmp (list[i], word, len) == 0)
      return TRUE;
  return FALSE;
}

/* A RelaxNG token: surrounding white space does not count. */
static gboolean
token_span (const char  *v,
            const char **start,
            gsize       *len)
{
  const char *end;

  while (is_xml_space (*v))
    v++;
  end = v + strlen (v);
  while (end > v && is_xml_space (end[-1]))
    end--;
  *start = v;
  *len = end - v;
  return *len > 0;
}

static gboolean
hex_value_ok (const char *v)
{
  const char *s;
  gsize len;

  if (!token_span (v, &s, &len) || (len != 4 && len != 6))
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isdigit (s[i]))
      return FALSE;
  return TRUE;
}

static gboolean
choice_ok (const char         *v,
           const char *const  *list)
{
  const char *s;
  gsize len;

  return token_span (v, &s, &len) && in_list (s, len, list);
}

/* A list of one or more of the words in `list`. */
static gboolean
features_ok (const char         *v,
             const char *const  *list)
{
  guint n = 0;

  while (*v)
    {
      const char *w;

      while (is_xml_space (*v))
        v++;
      if (*v == '\0')
        break;
      w = v;
      while (*v && !is_xml_space (*v))
        v++;
      if (!in_list (w, v - w, list))
        return FALSE;
      n++;
    }
  return n > 0;
}

static void
report_attribute (MuXmlLoader *ld,
                  xmlNodePtr   node,
                  xmlAttrPtr   a)
{
  xmlChar *v = xmlNodeGetContent ((xmlNodePtr) a);

  mu_xml_report (ld, mu_xml_node_line (node),
                 _("not a valid scenario: <%s>: attribute %s=\"%s\" is unknown or its value is not allowed"),
                 (const char *) node->name, (const char *) a->name, v ? (const char *) v : "");
  xmlFree (v);
}

/* Checks one <hex> or <hexside> as the schema would. */
static void
check_element (MuXmlLoader *ld,
               xmlNodePtr   node,
               gboolean     hexside)
{
  gboolean have_at = FALSE, have_dir = !hexside, have_features = FALSE, bad = FALSE;

  for (xmlAttrPtr a = node->properties; a; a = a->next)
    {
      const char *name = (const char *) a->name;
      const char *v = a->children && a->children->type == XML_TEXT_NODE && a->children->next == NULL
                      ? (const char *) a->children->content : NULL;
      g_autofree char *owned = NULL;
      gboolean ok;

      if (v == NULL)
        {
          xmlChar *c = xmlNodeGetContent ((xmlNodePtr) a);

          owned = g_strdup (c ? (const char *) c : "");
          xmlFree (c);
          v = owned;
        }
      if (a->ns != NULL)
        ok = FALSE;
      else if (strcmp (name, "at") == 0)
        ok = have_at = hex_value_ok (v);
      else if (strcmp (name, "features") == 0)
        ok = have_features = features_ok (v, hexside ? side_features : hex_features);
      else if (hexside && strcmp (name, "dir") == 0)
        ok = have_dir = choice_ok (v, directions);
      else
        ok = FALSE;
      if (!ok)
        {
          report_attribute (ld, node, a);
          bad = TRUE;
        }
    }
  if (!bad && (!have_at || !have_dir || !have_features))
    mu_xml_report (ld, mu_xml_node_line (node),
                   _("not a valid scenario: <%s>: a required attribute is missing or an attribute has a value that is not allowed"),
                   (const char *) node->name);
  for (xmlNodePtr c = node->children; c; c = c->next)
    {
      if (c->type == XML_ELEMENT_NODE)
        {
          mu_xml_report (ld, mu_xml_node_line (node), _("not a valid scenario: <%s>: <%s> is not allowed inside"),
                         (const char *) node->name, (const char *) c->name);
          break;
        }
      if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content)
        {
          const char *t = (const char *) c->content;

          while (is_xml_space (*t))
            t++;
          if (*t)
            {
              mu_xml_report (ld, mu_xml_node_line (node), _("not a valid scenario: <%s>: text is not allowed inside"),
                             (const char *) node->name);
              break;
            }
        }
    }
}

GArray *
mu_xml_detach_bulk (MuXmlLoader *ld)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Detached));

  for (xmlNodePtr m = ld->root->children; m; m = m->next)
    {
      xmlNodePtr anchor = NULL, next;

      if (m->type != XML_ELEMENT_NODE || !mu_xml_is_element (m, "hex-map"))
        continue;
      for (xmlNodePtr c = m->children; c; c = next)
        {
          gboolean hex, hexside;

          next = c->next;
          hex = c->type == XML_ELEMENT_NODE && mu_xml_is_element (c, "hex");
          hexside = !hex && c->type == XML_ELEMENT_NODE && mu_xml_is_element (c, "hexside");
          if (hex || hexside)
            {
              Detached d = { c, m, anchor };

              check_element (ld, c, hexside);
              xmlUnlinkNode (c);
              g_array_append_val (out, d);
            }
          else
            anchor = c;
        }
    }
  return out;
}

GArray *
mu_xml_detach_counters (MuXmlLoader *ld,
                        GArray     **doubtful)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Detached));

  *doubtful = g_array_new (FALSE, FALSE, sizeof (Detached));
  xmlNodePtr anchor = NULL, next;

  for (xmlNodePtr c = ld->root->children; c; c = next)
    {
      next = c->next;
      if (c->type == XML_ELEMENT_NODE &&
          (mu_xml_is_element (c, "unit") || mu_xml_is_element (c, "command") ||
           mu_xml_is_element (c, "control")))
        {
          Detached d = { c, ld->root, anchor };

          xmlUnlinkNode (c);
          g_array_append_val (out, d);
          if (!mu_xml_counter_is_plain (c))
            g_array_append_val (*doubtful, d);
        }
      else
        anchor = c;
    }
  return out;
}

int
mu_xml_validate_counters (MuXmlLoader         *ld,
                          GArray              *detached,
                          xmlRelaxNGValidCtxtPtr vctxt)
{
  xmlNodePtr root = ld->root;
  xmlNodePtr first = root->children, last = root->last;
  int rc;

  /* The root holds only the counters while they are checked; the rest of
   * its children wait aside, unchanged. */
  root->children = root->last = NULL;
  for (guint i = 0; i < detached->len; i++)
    xmlAddChild (root, g_array_index (detached, Detached, i).node);
  rc = xmlRelaxNGValidateDoc (vctxt, ld->doc);
  for (guint i = 0; i < detached->len; i++)
    xmlUnlinkNode (g_array_index (detached, Detached, i).node);
  root->children = first;
  root->last = last;
  return rc;
}

static void
ignore_error (void        *data,
              xmlErrorPtr  err)
{
}

GArray *
mu_xml_invalid_counter_lines (MuXmlLoader  *ld,
                              GArray       *detached,
                              xmlRelaxNGPtr schema)
{
  GArray *lines = g_array_new (FALSE, FALSE, sizeof (int));
  xmlNodePtr root = ld->root;
  xmlNodePtr first = root->children, last = root->last;

  root->children = root->last = NULL;
  for (guint i = 0; i < detached->len; i++)
    {
      xmlNodePtr node = g_array_index (detached, Detached, i).node;
      /* A context keeps state from one document to the next. */
      xmlRelaxNGValidCtxtPtr vctxt = xmlRelaxNGNewValidCtxt (schema);

      xmlRelaxNGSetValidStructuredErrors (vctxt, ignore_error, NULL);
      xmlAddChild (root, node);
      if (xmlRelaxNGValidateDoc (vctxt, ld->doc) != 0)
        {
          int line = mu_xml_node_line (node);

          g_array_append_val (lines, line);
        }
      xmlUnlinkNode (node);
      xmlRelaxNGFreeValidCtxt (vctxt);
    }
  root->children = first;
  root->last = last;
  return lines;
}

void
mu_xml_reattach_bulk (GArray *detached)
{
  for (guint i = 0; i < detached->len; i++)
    {
      Detached *d = &g_array_index (detached, Detached, i);
      Detached *prev = i > 0 ? &g_array_index (detached, Detached, i - 1) : NULL;

      if (prev && prev->parent == d->parent && prev->anchor == d->anchor)
        xmlAddNextSibling (prev->node, d->node);
      else if (d->anchor)
        xmlAddNextSibling (d->anchor, d->node);
      else if (d->parent->children)
        xmlAddPrevSibling (d->parent->children, d->node);
      else
        xmlAddChild (d->parent, d->node);
    }
  g_array_set_size (detached, 0);
}
