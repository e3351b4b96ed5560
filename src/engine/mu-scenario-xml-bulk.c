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
 *
 * A plain <hex> or <hexside> is checked as the parser meets it, and its
 * values are kept packed instead of its attributes (see below).
 */
#define G_LOG_DOMAIN "muster-xml"

#include "config.h"

#include "mu-scenario-xml-private.h"

#include <glib/gi18n-lib.h>
#include <libxml/SAX2.h>
#include <libxml/parser.h>
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

/* A packed element's _private field (see mu_xml_bulk_pack()). */
#define PACK_TAG      1u
#define PACK_COL(v)   (((v) >> 1) & 0x3ff)
#define PACK_ROW(v)   (((v) >> 11) & 0x3ff)
#define PACK_FEAT(v)  (((v) >> 21) & 0xff)
#define PACK_DIR(v)   (((v) >> 29) & 0x7)

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

  /* packed: its attributes were checked as the parser met them */
  if (GPOINTER_TO_UINT (node->_private) & PACK_TAG)
    have_at = have_dir = have_features = TRUE;
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

/* Plain elements read as the parser meets them -------------------------------
 *
 * A large board's tens of thousands of <hex> and <hexside> elements were most of
 * the document tree: each attribute an attribute node and a text node that
 * the parser made, check_element() and the model read, and the loader freed.
 * One whose attributes are certainly valid (check_element() would pass them
 * and the model knows each feature) is kept as a bare element with its
 * values packed into its _private field: at 10 bits a coordinate (the
 * schema allows at most three digits), the features' 8 bits and the
 * direction's index in `directions`. Anything else is built and checked as
 * before, so that a wrong file gets the same messages at the same lines. */

/* The span of an attribute value the parser gives, without the blanks
 * around it, copied into buf as a string; FALSE when empty or too long. */
static gboolean
sax_token (const xmlChar *begin,
           const xmlChar *end,
           char          *buf,
           gsize          size)
{
  while (begin < end && is_xml_space ((char) *begin))
    begin++;
  while (end > begin && is_xml_space ((char) end[-1]))
    end--;
  if (begin == end || (gsize) (end - begin) >= size)
    return FALSE;
  memcpy (buf, begin, end - begin);
  buf[end - begin] = '\0';
  return TRUE;
}

static gboolean
sax_features (const xmlChar *v,
              const xmlChar *end,
              gboolean       hexside,
              guint         *bits)
{
  guint n = 0;

  *bits = 0;
  while (v < end)
    {
      const xmlChar *w;
      char word[32];

      while (v < end && is_xml_space ((char) *v))
        v++;
      if (v == end)
        break;
      w = v;
      while (v < end && !is_xml_space ((char) *v))
        v++;
      if (!in_list ((const char *) w, v - w, hexside ? side_features : hex_features) ||
          !sax_token (w, v, word, sizeof word))
        return FALSE;
      if (hexside)
        {
          MuSideFeatures f;

          if (!mu_side_feature_from_string (word, &f))
            return FALSE;
          *bits |= f;
        }
      else
        {
          MuHexFeatures f;

          if (!mu_hex_feature_from_string (word, &f))
            return FALSE;
          *bits |= f;
        }
      n++;
    }
  return n > 0 && *bits <= 0xff;
}

static gboolean
bulk_pack (gboolean        hexside,
           int             nb_attributes,
           const xmlChar **attributes,
           guint          *packed)
{
  gboolean have_at = FALSE, have_dir = !hexside, have_features = FALSE;
  guint features = 0, dir = 0;
  MuHex at = { 0, 0 };

  for (int i = 0; i < nb_attributes; i++)
    {
      const xmlChar *const *a = attributes + 5 * i;   /* name, prefix, URI, value, end */
      const char *name = (const char *) a[0];
      char buf[16];

      if (a[1] != NULL || a[2] != NULL)
        return FALSE;
      if (!have_at && strcmp (name, "at") == 0)
        {
          if (!sax_token (a[3], a[4], buf, sizeof buf) || !hex_value_ok (buf) || !mu_hex_parse (buf, &at) ||
              at.col > 0x3ff || at.row > 0x3ff)
            return FALSE;
          have_at = TRUE;
        }
      else if (!have_features && strcmp (name, "features") == 0)
        {
          if (!sax_features (a[3], a[4], hexside, &features))
            return FALSE;
          have_features = TRUE;
        }
      else if (hexside && !have_dir && strcmp (name, "dir") == 0)
        {
          if (!sax_token (a[3], a[4], buf, sizeof buf))
            return FALSE;
          for (dir = 0; directions[dir] && strcmp (directions[dir], buf) != 0; dir++)
            ;
          if (directions[dir] == NULL)
            return FALSE;
          have_dir = TRUE;
        }
      else
        return FALSE;
    }
  if (!have_at || !have_dir || !have_features)
    return FALSE;
  *packed = PACK_TAG | (guint) at.col << 1 | (guint) at.row << 11 | features << 21 | dir << 29;
  return TRUE;
}

/* Whether the element starting is a <hex> or <hexside> of a <hex-map> of
 * the root: one mu_xml_detach_bulk() checks. */
static gboolean
is_board_element (xmlParserCtxtPtr  ctxt,
                  const xmlChar    *localname,
                  const xmlChar    *uri)
{
  xmlNodePtr parent = ctxt->node;

  return uri != NULL && (xmlStrEqual (localname, (const xmlChar *) "hex") ||
                         xmlStrEqual (localname, (const xmlChar *) "hexside")) &&
         xmlStrEqual (uri, (const xmlChar *) MU_SCENARIO_NAMESPACE) &&
         parent != NULL && parent->type == XML_ELEMENT_NODE && parent->ns != NULL &&
         xmlStrEqual (parent->name, (const xmlChar *) "hex-map") &&
         xmlStrEqual (parent->ns->href, (const xmlChar *) MU_SCENARIO_NAMESPACE) &&
         parent->parent != NULL && parent->parent->parent == (xmlNodePtr) ctxt->myDoc;
}

gboolean
mu_xml_bulk_start (xmlParserCtxtPtr ctxt,
                   const xmlChar   *localname,
                   const xmlChar   *prefix,
                   const xmlChar   *uri,
                   int              nb_namespaces,
                   const xmlChar  **namespaces,
                   int              nb_attributes,
                   int              nb_defaulted,
                   const xmlChar  **attributes)
{
  xmlNodePtr parent = ctxt->node;
  guint packed;

  if (nb_defaulted != 0 || !is_board_element (ctxt, localname, uri) ||
      !bulk_pack (localname[3] != '\0', nb_attributes, attributes, &packed))
    return FALSE;
  xmlSAX2StartElementNs (ctxt, localname, prefix, uri, nb_namespaces, namespaces, 0, 0, NULL);
  if (ctxt->node != NULL && ctxt->node != parent)
    ctxt->node->_private = GUINT_TO_POINTER (packed);
  return TRUE;
}

gboolean
mu_xml_bulk_unpack (xmlNodePtr      node,
                    MuXmlBulkValues *values)
{
  guint v = GPOINTER_TO_UINT (node->_private);

  if ((v & PACK_TAG) == 0)
    return FALSE;
  values->at = (MuHex) { PACK_COL (v), PACK_ROW (v) };
  values->features = PACK_FEAT (v);
  values->dir = directions[PACK_DIR (v)];
  return TRUE;
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
