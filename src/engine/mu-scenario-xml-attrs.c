/* mu-scenario-xml-attrs.c: reading values and extension content off the
 * validated document's nodes, for mu-scenario-xml-read.c
 *
 * Values are checked here (numbers that overflow, hexes off the board, lists
 * too long) and reported with their line; foreign attributes, elements and
 * comments are kept in MuExtra (see mu-scenario-xml.h).
 */
#define G_LOG_DOMAIN "muster-xml"

#include "config.h"

#include "mu-scenario-xml-private.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <libxml/tree.h>
#include <math.h>
#include <string.h>

/* Attribute helpers ---------------------------------------------------------------- */

static gboolean
is_ours (xmlNodePtr node)
{
  return node->ns != NULL && node->ns->href != NULL &&
         strcmp ((const char *) node->ns->href, MU_SCENARIO_NAMESPACE) == 0;
}

gboolean
mu_xml_is_element (xmlNodePtr node,
                   const char *name)
{
  return node->type == XML_ELEMENT_NODE && is_ours (node) &&
         strcmp ((const char *) node->name, name) == 0;
}

/* The value of an unqualified attribute, newly allocated, or NULL. */
char *
mu_xml_attr (xmlNodePtr  node,
             const char *name)
{
  xmlAttrPtr a = xmlHasNsProp (node, (const xmlChar *) name, NULL);
  xmlChar *v;
  char *r;

  /* the common case, a value of one text, copied once, not twice */
  if (a != NULL && a->type == XML_ATTRIBUTE_NODE && a->children != NULL &&
      a->children->type == XML_TEXT_NODE && a->children->next == NULL && a->children->content != NULL)
    return g_strdup ((const char *) a->children->content);
  v = xmlGetNoNsProp (node, (const xmlChar *) name);
  if (v == NULL)
    return NULL;
  r = g_strdup ((const char *) v);
  xmlFree (v);
  return r;
}

char *
mu_xml_attr_stripped (xmlNodePtr  node,
                      const char *name)
{
  char *v = mu_xml_attr (node, name);

  return v ? g_strstrip (v) : NULL;
}

gboolean
mu_xml_parse_int_text (const char *text,
                       int        *out)
{
  char *end = NULL;
  gint64 v;

  if (text == NULL || *text == '\0')
    return FALSE;
  errno = 0;
  v = g_ascii_strtoll (text, &end, 10);
  if (errno != 0 || end == text || *end != '\0')
    return FALSE;
  /* Far beyond any meaningful value but safe to add and multiply. */
  if (v < -100000000 || v > 100000000)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

/* Integer attribute; reports and returns FALSE when present but unusable. */
gboolean
mu_xml_get_int (MuXmlLoader *ld,
                xmlNodePtr  node,
                const char *name,
                int         fallback,
                int        *out)
{
  g_autofree char *v = mu_xml_attr_stripped (node, name);

  *out = fallback;
  if (v == NULL)
    return TRUE;
  if (!mu_xml_parse_int_text (v, out))
    {
      mu_xml_report (ld, mu_xml_node_line (node), _("<%s>: %s=\"%s\" is not a usable whole number"),
                     (const char *) node->name, name, v);
      *out = fallback;
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_double_text (const char *text,
                   double     *out)
{
  char *end = NULL;
  double v;

  if (text == NULL || *text == '\0')
    return FALSE;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (v) || fabs (v) > 1e7)
    return FALSE;
  /* The writer keeps four decimals: the model holds exactly what a save
   * writes, so checks give the same answer before and after a round trip. */
  *out = round (v * 10000.0) / 10000.0;
  if (*out == 0)
    *out = 0;   /* no negative zero */
  return TRUE;
}

gboolean
mu_xml_get_double (MuXmlLoader *ld,
                   xmlNodePtr  node,
                   const char *name,
                   double      fallback,
                   double     *out)
{
  g_autofree char *v = mu_xml_attr_stripped (node, name);

  *out = fallback;
  if (v == NULL)
    return TRUE;
  if (!parse_double_text (v, out))
    {
      mu_xml_report (ld, mu_xml_node_line (node), _("<%s>: %s=\"%s\" is not a usable number"),
                     (const char *) node->name, name, v);
      *out = fallback;
      return FALSE;
    }
  return TRUE;
}

gboolean
mu_xml_get_bool (xmlNodePtr  node,
                 const char *name,
                 gboolean    fallback)
{
  g_autofree char *v = mu_xml_attr_stripped (node, name);

  if (v == NULL)
    return fallback;
  return strcmp (v, "true") == 0 || strcmp (v, "1") == 0;
}

gboolean
mu_xml_get_hex (MuXmlLoader *ld,
                xmlNodePtr  node,
                const char *name,
                MuHex      *hex)
{
  g_autofree char *v = mu_xml_attr_stripped (node, name);

  *hex = MU_HEX_NONE;
  if (v == NULL)
    return FALSE;
  if (!mu_hex_parse (v, hex))
    {
      mu_xml_report (ld, mu_xml_node_line (node), _("<%s>: %s=\"%s\" is not a hex (CCRR)"),
                     (const char *) node->name, name, v);
      *hex = MU_HEX_NONE;
      return FALSE;
    }
  return TRUE;
}

void
mu_xml_get_hex_list (MuXmlLoader *ld,
                     xmlNodePtr  node,
                     const char *name,
                     GArray     *out)
{
  g_autofree char *v = mu_xml_attr (node, name);
  g_auto(GStrv) words = NULL;

  if (v == NULL)
    return;
  words = g_strsplit_set (v, " \t\r\n", -1);
  for (guint i = 0; words[i]; i++)
    {
      MuHex h;

      if (*words[i] == '\0')
        continue;
      if (out->len >= MU_XML_MAX_LIST)
        {
          mu_xml_report (ld, mu_xml_node_line (node), _("<%s>: more than %d hexes in %s; that is the limit"),
                         (const char *) node->name, MU_XML_MAX_LIST, name);
          return;
        }
      if (!mu_hex_parse (words[i], &h))
        {
          mu_xml_report (ld, mu_xml_node_line (node), _("<%s>: “%s” in %s is not a hex (CCRR)"),
                         (const char *) node->name, words[i], name);
          continue;
        }
      g_array_append_val (out, h);
    }
}

void
mu_xml_get_point_list (MuXmlLoader *ld,
                       xmlNodePtr  node,
                       const char *name,
                       GArray     *out)
{
  g_autofree char *v = mu_xml_attr (node, name);
  g_auto(GStrv) words = NULL;

  if (v == NULL)
    return;
  words = g_strsplit_set (v, " \t\r\n", -1);
  for (guint i = 0; words[i]; i++)
    {
      MuPoint p;
      char *comma;

      if (*words[i] == '\0')
        continue;
      if (out->len >= MU_XML_MAX_LIST)
        {
          mu_xml_report (ld, mu_xml_node_line (node), _("<%s>: more than %d points in %s; that is the limit"),
                         (const char *) node->name, MU_XML_MAX_LIST, name);
          return;
        }
      comma = strchr (words[i], ',');
      if (comma == NULL)
        {
          mu_xml_report (ld, mu_xml_node_line (node), _("<%s>: “%s” in %s is not a point X,Y"),
                         (const char *) node->name, words[i], name);
          continue;
        }
      *comma = '\0';
      if (!parse_double_text (words[i], &p.x) || !parse_double_text (comma + 1, &p.y))
        {
          *comma = ',';
          mu_xml_report (ld, mu_xml_node_line (node), _("<%s>: “%s” in %s is not a point X,Y"),
                         (const char *) node->name, words[i], name);
          continue;
        }
      g_array_append_val (out, p);
    }
}

char *
mu_xml_element_text (xmlNodePtr node)
{
  xmlChar *t = xmlNodeGetContent (node);
  char *r = g_strdup (t ? (const char *) t : "");

  xmlFree (t);
  return r;
}

/* Extension content ------------------------------------------------------------ */

void
mu_xml_extra_add (GPtrArray **array,
                  const char *text)
{
  if (*array == NULL)
    *array = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (*array, g_strdup (text));
}

static gboolean
extra_has_attr (MuExtra    *extra,
                const char *name)
{
  if (extra->attributes == NULL)
    return FALSE;
  for (guint i = 0; i + 1 < extra->attributes->len; i += 2)
    if (strcmp (g_ptr_array_index (extra->attributes, i), name) == 0)
      return TRUE;
  return FALSE;
}

/* Foreign attributes of node (and the namespace declarations they need). */
void
mu_xml_collect_attributes (MuXmlLoader *ld,
                           xmlNodePtr  node,
                           MuExtra    *extra)
{
  if (node == ld->root)
    {
      for (xmlNsPtr ns = node->nsDef; ns; ns = ns->next)
        {
          g_autofree char *name = NULL;

          if (ns->prefix == NULL || ns->href == NULL ||
              strcmp ((const char *) ns->href, MU_SCENARIO_NAMESPACE) == 0)
            continue;
          name = g_strdup_printf ("xmlns:%s", (const char *) ns->prefix);
          mu_xml_extra_add (&extra->attributes, name);
          mu_xml_extra_add (&extra->attributes, (const char *) ns->href);
        }
    }

  for (xmlAttrPtr a = node->properties; a; a = a->next)
    {
      g_autofree char *name = NULL;
      xmlChar *value;

      if (a->ns == NULL || a->ns->href == NULL)
        continue;       /* ours: unqualified */
      if (strcmp ((const char *) a->ns->href, MU_SCENARIO_NAMESPACE) == 0)
        continue;       /* the schema rejects these */
      if (a->ns->prefix == NULL)
        continue;
      if (node != ld->root && strcmp ((const char *) a->ns->prefix, "xml") != 0)
        {
          xmlNsPtr at_root = xmlSearchNs (ld->doc, ld->root, a->ns->prefix);
          g_autofree char *decl = g_strdup_printf ("xmlns:%s", (const char *) a->ns->prefix);

          if ((at_root == NULL || xmlStrcmp (at_root->href, a->ns->href) != 0) &&
              !extra_has_attr (extra, decl))
            {
              mu_xml_extra_add (&extra->attributes, decl);
              mu_xml_extra_add (&extra->attributes, (const char *) a->ns->href);
            }
        }
      name = g_strdup_printf ("%s:%s", (const char *) a->ns->prefix, (const char *) a->name);
      /* Stored unescaped; the writer escapes. */
      value = xmlGetNsProp (node, a->name, a->ns->href);
      mu_xml_extra_add (&extra->attributes, name);
      mu_xml_extra_add (&extra->attributes, value ? (const char *) value : "");
      xmlFree (value);
    }
}

char *
mu_xml_serialize_node (xmlNodePtr node)
{
  xmlDocPtr tmp;
  xmlNodePtr copy;
  xmlBufferPtr buf;
  char *text;

  if (node->type == XML_COMMENT_NODE)
    return g_strdup_printf ("<!--%s-->", node->content ? (const char *) node->content : "");
  if (node->type == XML_PI_NODE)
    return node->content && *node->content
           ? g_strdup_printf ("<?%s %s?>", (const char *) node->name, (const char *) node->content)
           : g_strdup_printf ("<?%s?>", (const char *) node->name);
  if (node->type != XML_ELEMENT_NODE)
    return NULL;

  tmp = xmlNewDoc ((const xmlChar *) "1.0");
  copy = xmlDocCopyNode (node, tmp, 1);
  if (copy == NULL)
    {
      xmlFreeDoc (tmp);
      return NULL;
    }
  xmlDocSetRootElement (tmp, copy);
  buf = xmlBufferCreate ();
  xmlNodeDump (buf, tmp, copy, 0, 0);
  text = g_strdup ((const char *) xmlBufferContent (buf));
  xmlBufferFree (buf);
  xmlFreeDoc (tmp);
  return text;
}

/* Leading comments collected so far go before the element of this object. */
void
mu_xml_take_comments (MuXmlLoader *ld,
                      MuExtra *extra)
{
  for (guint i = 0; i < ld->comments->len; i++)
    mu_xml_extra_add (&extra->elements, g_ptr_array_index (ld->comments, i));
  g_ptr_array_set_size (ld->comments, 0);
}

/* Comments inside an element's content (not in front of an object) are kept
 * as child content of that element, marked by a leading space. */
static void
add_inner_comments (MuXmlLoader *ld,
                    MuExtra *extra)
{
  for (guint i = 0; i < ld->comments->len; i++)
    {
      g_autofree char *text = g_strconcat (" ", (const char *) g_ptr_array_index (ld->comments, i), NULL);

      mu_xml_extra_add (&extra->elements, text);
    }
  g_ptr_array_set_size (ld->comments, 0);
}

/* Children of an object element: foreign elements go to extra, comments are
 * kept as leading comments of the object they precede (or of this object),
 * our own elements are handed to `known` when given. */
void
mu_xml_walk_children (MuXmlLoader *ld,
                      xmlNodePtr      node,
                      MuExtra        *extra,
                      MuXmlKnownChildFunc  known,
                      gpointer        data)
{
  g_autoptr(GPtrArray) saved = ld->comments;

  ld->comments = g_ptr_array_new_with_free_func (g_free);
  for (xmlNodePtr c = node->children; c; c = c->next)
    {
      if (c->type == XML_COMMENT_NODE)
        {
          g_ptr_array_add (ld->comments, mu_xml_serialize_node (c));
        }
      else if (c->type == XML_ELEMENT_NODE && !is_ours (c))
        {
          g_autofree char *text = mu_xml_serialize_node (c);

          /* Comments before a foreign element stay in front of it. */
          add_inner_comments (ld, extra);
          if (text)
            mu_xml_extra_add (&extra->elements, text);
        }
      else if (c->type == XML_ELEMENT_NODE && known != NULL)
        {
          known (ld, c, data);
        }
    }
  /* Comments after the last object stay at the end of this element. */
  add_inner_comments (ld, extra);
  g_ptr_array_unref (ld->comments);
  ld->comments = g_steal_pointer (&saved);
}

void
mu_xml_object_extra (MuXmlLoader *ld,
                     xmlNodePtr  node,
                     MuExtra    *extra)
{
  mu_xml_take_comments (ld, extra);
  mu_xml_collect_attributes (ld, node, extra);
  mu_xml_walk_children (ld, node, extra, NULL, NULL);
}
