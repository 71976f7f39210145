CREATE OR REPLACE FUNCTION vitrine_fold(input text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT btrim(regexp_replace(
    translate(lower(coalesce(input, '')),
      'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźż',
      'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz'),
    '[[:space:][:punct:]’‘“”«»–—…·]+', ' ', 'g'))
$function$;
