/* mu-scenario-xml-counters.c: counters the schema certainly accepts
 *
 * libxml2's RelaxNG validator is slow on the counters' definitions in
 * data/muster.rng (optional attributes, the foreign-attribute wildcard, an
 * <interleave> of <note>, <value> and foreign elements): about 0.1 ms a
 * counter. Most counters have the plain form the editor writes, so the loader
 * asks here first whether a counter is certainly valid by those definitions.
 * The answer is conservative: TRUE only for the forms checked below, each of
 * which the schema accepts; anything else (an unknown attribute or child,
 * white space around a value, "1" for "true", a long number) is left to the
 * validator, whose messages are the loader's. tests/engine/test-xml-counters.c
 * mutates the shipped counters and checks that every one certified here is
 * valid by the schema.
 */
#define G_LOG_DOMAIN "muster-xml"

#include "config.h"

#include "mu-scenario-xml-private.h"

#include <string.h>

typedef enum {
  KIND_ID,          /* id-type */
  KIND_TEXT,        /* <text/> */
  KIND_HEX,         /* hex-type */
  KIND_NUMBER,      /* number */
  KIND_INTEGER,     /* xsd:integer */
  KIND_BOOLEAN,     /* xsd:boolean */
  KIND_FORMATION,
  KIND_IDENTITY,
  KIND_ARM,
  KIND_ABILITIES,
} ValueKind;

typedef struct {
  const char *name;
  ValueKind kind;
} AttrDef;

/* counter-common and placement, in this order (the bits below). */
enum { A_ID, A_SIDE, A_NAME, A_PARENT, A_AT, A_X, A_Y, A_FACING, A_RESERVE, A_FORMATION, N_COMMON };

static const AttrDef common_attrs[] = {
  { "id", KIND_ID }, { "side", KIND_ID }, { "name", KIND_TEXT }, { "parent", KIND_ID },
  { "at", KIND_HEX }, { "x", KIND_NUMBER }, { "y", KIND_NUMBER }, { "facing", KIND_NUMBER },
  { "reserve", KIND_ID }, { "formation", KIND_FORMATION }, { NULL, 0 },
};
static const AttrDef control_attrs[] = {
  { "leadership", KIND_INTEGER }, { "star", KIND_BOOLEAN }, { NULL, 0 },
};
static const AttrDef command_attrs[] = {
  { "division", KIND_INTEGER }, { "leadership", KIND_INTEGER }, { "exceptional", KIND_BOOLEAN },
  { NULL, 0 },
};
static const AttrDef unit_attrs[] = {
  { "identity", KIND_IDENTITY }, { "arm", KIND_ARM }, { "range", KIND_INTEGER },
  { "attack", KIND_INTEGER }, { "strength", KIND_INTEGER }, { "abilities", KIND_ABILITIES },
  { "fatigued", KIND_BOOLEAN }, { NULL, 0 },
};

const char *
mu_xml_counter_attribute (MuCounterKind kind,
                          guint         i)
{
  const AttrDef *own = kind == MU_COUNTER_UNIT ? unit_attrs
                       : kind == MU_COUNTER_COMMAND ? command_attrs : control_attrs;

  for (guint k = 0; own[k].name; k++)
    if (k == i)
      return own[k].name;
  return NULL;
}

static const char *const abilities[] = { "indomitable", "sharpshooter", NULL };

static gboolean
is_alnum (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static gboolean
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

static gboolean
one_of (const char        *v,
        gsize              len,
        const char *const *list)
{
  for (guint i = 0; list[i]; i++)
    if (strlen (list[i]) == len && memcmp (list[i], v, len) == 0)
      return TRUE;
  return FALSE;
}

/* [A-Za-z0-9][A-Za-z0-9_.\-]*, at most 200 long, no white space. */
static gboolean
id_ok (const char *v)
{
  gsize n = 0;

  if (!is_alnum (v[0]))
    return FALSE;
  for (; v[n]; n++)
    if (!is_alnum (v[n]) && v[n] != '_' && v[n] != '.' && v[n] != '-')
      return FALSE;
  return n <= 200;
}

/* A run of digits from v; its length. */
static gsize
digits (const char *v)
{
  gsize n = 0;

  while (is_digit (v[n]))
    n++;
  return n;
}

/* -?[0-9]{1,9}: any xsd:integer of that form, far from any limit. */
static gboolean
integer_ok (const char *v)
{
  gsize n;

  if (*v == '-')
    v++;
  n = digits (v);
  return n >= 1 && n <= 9 && v[n] == '\0';
}

/* -?[0-9]+(\.[0-9]+)?, at most 40 long. */
static gboolean
number_ok (const char *v)
{
  const char *p = v;
  gsize n;

  if (*p == '-')
    p++;
  n = digits (p);
  if (n == 0)
    return FALSE;
  p += n;
  if (*p == '.')
    {
      n = digits (p + 1);
      if (n == 0)
        return FALSE;
      p += 1 + n;
    }
  return *p == '\0' && strlen (v) <= 40;
}

/* Words of the list separated by single spaces, at least one. */
static gboolean
word_list_ok (const char        *v,
              const char *const *list)
{
  for (;;)
    {
      const char *end = strchr (v, ' ');
      gsize len = end ? (gsize) (end - v) : strlen (v);

      if (!one_of (v, len, list))
        return FALSE;
      if (end == NULL)
        return TRUE;
      v = end + 1;
    }
}

static gboolean
value_ok (ValueKind   kind,
          const char *v)
{
  gsize len = strlen (v);

  switch (kind)
    {
    case KIND_ID:
      return id_ok (v);
    case KIND_TEXT:
      return TRUE;
    case KIND_HEX:
      return (len == 4 || len == 6) && digits (v) == len;
    case KIND_NUMBER:
      return number_ok (v);
    case KIND_INTEGER:
      return integer_ok (v);
    case KIND_BOOLEAN:
      return strcmp (v, "true") == 0 || strcmp (v, "false") == 0;
    case KIND_FORMATION:
      return id_ok (v);
    case KIND_IDENTITY:
      return strcmp (v, "star") == 0 || integer_ok (v);
    case KIND_ARM:
      return id_ok (v);
    case KIND_ABILITIES:
      return word_list_ok (v, abilities);
    default:
      return FALSE;
    }
}

/* The value of an attribute as it is in the tree: one text node or none;
 * NULL for anything else (entity references). */
static const char *
plain_value (xmlAttrPtr a)
{
  if (a->children == NULL)
    return "";
  if (a->children->type != XML_TEXT_NODE || a->children->next != NULL ||
      a->children->content == NULL)
    return NULL;
  return (const char *) a->children->content;
}

static gboolean
is_foreign_ns (xmlNsPtr ns)
{
  return ns != NULL && ns->href != NULL && ns->href[0] != '\0' &&
         strcmp ((const char *) ns->href, MU_SCENARIO_NAMESPACE) != 0;
}

static gboolean
is_blank (const xmlChar *s)
{
  if (s == NULL)
    return TRUE;
  for (; *s; s++)
    if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
      return FALSE;
  return TRUE;
}

/* Comments and processing instructions, which the validator skips. */
static gboolean
is_ignored (xmlNodePtr c)
{
  return c->type == XML_COMMENT_NODE || c->type == XML_PI_NODE;
}

/* <note>: no attributes, text only. */
static gboolean
note_ok (xmlNodePtr node)
{
  if (node->properties != NULL)
    return FALSE;
  for (xmlNodePtr c = node->children; c; c = c->next)
    if (c->type != XML_TEXT_NODE && !is_ignored (c))
      return FALSE;
  return TRUE;
}

/* <value field="id">token</value>: exactly the field attribute, and one text
 * node already in token form (not empty, no white space but single spaces
 * inside). */
static gboolean
value_element_ok (xmlNodePtr node)
{
  xmlAttrPtr a = node->properties;
  const char *field, *text;
  gsize len;

  if (a == NULL || a->next != NULL || a->ns != NULL ||
      strcmp ((const char *) a->name, "field") != 0)
    return FALSE;
  field = plain_value (a);
  if (field == NULL || !id_ok (field))
    return FALSE;
  if (node->children == NULL || node->children != node->last ||
      node->children->type != XML_TEXT_NODE || node->children->content == NULL)
    return FALSE;
  text = (const char *) node->children->content;
  len = strlen (text);
  if (len == 0 || text[0] == ' ' || text[len - 1] == ' ' || strstr (text, "  ") != NULL ||
      strpbrk (text, "\t\n\r") != NULL)
    return FALSE;
  return TRUE;
}

/* The children of a counter: white space, comments, at most one <note>, any
 * <value>, and elements of other namespaces with any content. */
static gboolean
counter_content_ok (xmlNodePtr node)
{
  gboolean note = FALSE;

  for (xmlNodePtr c = node->children; c; c = c->next)
    {
      if (c->type == XML_TEXT_NODE)
        {
          if (!is_blank (c->content))
            return FALSE;
        }
      else if (is_ignored (c))
        continue;
      else if (c->type != XML_ELEMENT_NODE)
        return FALSE;
      else if (is_foreign_ns (c->ns))
        continue;
      else if (mu_xml_is_element (c, "note"))
        {
          if (note || !note_ok (c))
            return FALSE;
          note = TRUE;
        }
      else if (mu_xml_is_element (c, "value"))
        {
          if (!value_element_ok (c))
            return FALSE;
        }
      else
        return FALSE;
    }
  return TRUE;
}

gboolean
mu_xml_counter_is_plain (xmlNodePtr node)
{
  const AttrDef *own;
  guint32 seen = 0;
  gboolean placed;

  if (node->type != XML_ELEMENT_NODE)
    return FALSE;
  if (mu_xml_is_element (node, "unit"))
    own = unit_attrs;
  else if (mu_xml_is_element (node, "command"))
    own = command_attrs;
  else if (mu_xml_is_element (node, "control"))
    own = control_attrs;
  else
    return FALSE;

  for (xmlAttrPtr a = node->properties; a; a = a->next)
    {
      const char *name = (const char *) a->name;
      const char *v;
      const AttrDef *def = NULL;
      guint bit = 0;

      if (a->type != XML_ATTRIBUTE_NODE)
        return FALSE;
      if (a->ns != NULL)
        {
          /* Foreign attributes take any value. */
          if (!is_foreign_ns (a->ns))
            return FALSE;
          continue;
        }
      for (guint i = 0; common_attrs[i].name && def == NULL; i++)
        if (strcmp (common_attrs[i].name, name) == 0)
          def = &common_attrs[i], bit = i;
      for (guint i = 0; own[i].name && def == NULL; i++)
        if (strcmp (own[i].name, name) == 0)
          def = &own[i], bit = N_COMMON + i;
      if (def == NULL || (seen & (1u << bit)) != 0)
        return FALSE;
      seen |= 1u << bit;
      v = plain_value (a);
      if (v == NULL || !value_ok (def->kind, v))
        return FALSE;
    }

#define HAS(b) ((seen & (1u << (b))) != 0)
  if (!HAS (A_ID) || !HAS (A_SIDE) || !HAS (A_NAME))
    return FALSE;
  /* At most one of at, x and y (facing), reserve. */
  placed = HAS (A_X) || HAS (A_Y) || HAS (A_FACING);
  if (placed && (!HAS (A_X) || !HAS (A_Y)))
    return FALSE;
  if ((int) HAS (A_AT) + (int) placed + (int) HAS (A_RESERVE) > 1)
    return FALSE;
#undef HAS

  return counter_content_ok (node);
}
