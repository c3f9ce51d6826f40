import type postgres from 'postgres';

/**
 * Accounts as sign-ups would have made them (one in 25 a clinic), each with a directory profile: the
 * directory's page of 20 is then the 7 KB a visitor downloads, not an empty list. The password hash is
 * no real hash: nobody signs in as them. Accounts `from + 1` to `to`, so a directory can be grown.
 */
export async function seedAccounts(sql: postgres.Sql, from: number, to: number) {
  await sql`
    insert into identity.users (email, password_hash, name, role, designation, description, address,
      facility, country, location, skills, created_at)
    select 'account' || i || '@bench.example', 'not a hash',
      (array['Achieng','Wanjiru','Mwangi','Otieno','Nakato','Mugisha'])[1 + i % 6] || ' ' || i,
      case when i % 25 = 0 then 'Clinic' else 'user' end,
      (array['Registered Nurse','Medical Officer','Clinical Officer','Pharmacist','Lab Technologist','Midwife'])[1 + i % 6],
      'Works in ' || (array['Nakuru','Kisumu','Mombasa','Eldoret','Kampala','Arusha'])[1 + i % 6] || ' on community health.',
      (array['Nakuru','Kisumu','Mombasa','Eldoret','Kampala','Arusha'])[1 + i % 6] || ', Region ' || (i % 9),
      'Facility ' || (i % 200), (array['Kenya','Kenya','Uganda','Tanzania'])[1 + i % 4],
      (array['Nakuru','Kisumu','Mombasa','Eldoret','Kampala','Arusha'])[1 + i % 6],
      array[(array['Paediatrics','Neonatal care','Midwifery','Pharmacology','Radiology','Surgery'])[1 + i % 6], 'Skill ' || (i % 40)],
      now() - make_interval(mins => i)
    from generate_series(${from + 1}::int, ${to}::int) i`;
  await sql`analyze identity.users`;
}
