import type postgres from 'postgres';

/** Profiles as identity's events would have projected them: 40 skills, 12 designations, 4 countries. */
export async function seedProfiles(sql: postgres.Sql, n: number) {
  await sql`
    insert into connect.users (id, name, email, phone, role, profession, designation, description, address,
      location, facility, country, skills, skills_text, account_created_at, version)
    select gen_random_uuid(), 'Person ' || i || ' ' || (array['Achieng','Wanjiru','Mwangi','Otieno','Nakato','Mugisha'])[1 + i % 6],
      'p' || i || '@bench.example', '+254 700 ' || lpad(i::text, 6, '0'),
      case when i % 25 = 0 then 'Clinic' else 'user' end,
      case when i % 25 = 0 then 'Clinic' else (array['Nurse','Doctor','Clinical Officer','Pharmacist','Laboratory Technologist','Other'])[1 + i % 6] end,
      (array['Registered Nurse','Medical Officer','Clinical Officer','Pharmacist','Lab Technologist','Driver'])[1 + i % 6],
      'Works in ' || (array['Nakuru','Kisumu','Mombasa','Eldoret','Kampala','Arusha'])[1 + i % 6] || ' on community health.',
      (array['Nakuru','Kisumu','Mombasa','Eldoret','Kampala','Arusha'])[1 + i % 6] || ', Region ' || (i % 9),
      (array['Nakuru','Kisumu','Mombasa','Eldoret','Kampala','Arusha'])[1 + i % 6],
      'Facility ' || (i % 200), (array['Kenya','Kenya','Uganda','Tanzania'])[1 + i % 4],
      array[(array['Paediatrics','Neonatal care','Cardiology','Oncology','Midwifery','Pharmacology','Radiology','Surgery'])[1 + i % 8], 'Skill ' || (i % 40)],
      (array['Paediatrics','Neonatal care','Cardiology','Oncology','Midwifery','Pharmacology','Radiology','Surgery'])[1 + i % 8] || ' Skill ' || (i % 40),
      now() - interval '90 days', 1
    from generate_series(1, ${n}::int) i`;
  // What the projection keeps with each event, recounted at once (PeopleStore.recount does the same).
  await sql`
    insert into connect.search_terms (word, uses)
    select w, count(*)::int from connect.users cross join lateral unnest(tsvector_to_array(search_vector)) w
    where not deleted and role <> 'admin' group by w`;
  await sql`
    insert into connect.facet_counts (facet, value, count)
    select 'total', '', count(*)::int from connect.users where not deleted and role <> 'admin'
    union all
    select f.facet, f.value, count(*)::int from connect.users
      cross join lateral (values ('facility', facility), ('location', location), ('country', country),
        ('profession', profession)) as f(facet, value)
      where not deleted and role <> 'admin' and f.value <> '' group by f.facet, f.value`;
}

/** Discussions over the last two years, every category, mostly Public, some internal or role-based. */
export async function seedPosts(sql: postgres.Sql, n: number) {
  await sql`
    insert into connect.discussions (author_id, org_id, author_name, author_role, author_profession, title,
      content, content_html, category, visibility, roles, created_at)
    select gen_random_uuid(), gen_random_uuid(), 'Person ' || i, 'user', 'Nurse',
      'Discussion ' || i || case when i % 97 = 0 then ' on oxygen supply' else '' end,
      'Body of discussion ' || i, '<p>Body of discussion ' || i || '</p>',
      (array['General','Clinical','NHIF & Compliance','Task Shifting in Rural Clinics','Mobile Clinics & Outreach','Medical Supply Chain','Administrative','Research'])[1 + i % 8],
      case when i % 10 = 0 then 'Clinic Internal' when i % 10 = 1 then 'Role-Based' else 'Public' end,
      case when i % 10 = 1 then array['Doctor'] else '{}'::text[] end,
      now() - (i * interval '5 minutes')
    from generate_series(1, ${n}::int) i`;
}
