import type postgres from 'postgres';

/** Adds events numbered from..to-1: spread over the next year, every category and region, 1 in 97 on malaria. */
export async function seedEvents(sql: postgres.Sql, from: number, to: number) {
  await sql`
    insert into events.events (title, description, category, date, time, time_zone, starts_at, duration_minutes,
      location, region, search_text, poster_id, organizer_id, organizer_name, capacity)
    select 'Event ' || i, 'CPD session number ' || i || case when i % 97 = 0 then ' on malaria' else '' end,
      (array['Training','Meeting','Webinar','Conference','Workshop'])[1 + i % 5],
      (now() + (1 + i % 365) * interval '1 day')::date, '09:00', 'Africa/Nairobi',
      now() + (1 + i % 365) * interval '1 day' + (i % 600) * interval '1 minute', 60,
      'Nairobi', (array['Kenya','Uganda','Tanzania','Rwanda','Online'])[1 + (i / 5) % 5],
      lower('Event ' || i || ' CPD session number ' || i || case when i % 97 = 0 then ' on malaria' else '' end),
      gen_random_uuid(), gen_random_uuid(), 'Clinic', 100
    from generate_series(${from}::int, ${to - 1}::int) i`;
  // As autovacuum leaves a table after a bulk load: statistics, hint bits and the visibility map set.
  await sql`vacuum analyze events.events`;
}
