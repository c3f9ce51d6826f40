import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadModules, parseDescriptor, remoteUrlVariable } from './load';

const descriptor = (service: object, remote?: object) =>
  JSON.stringify({
    name: 'hire',
    label: 'Hire',
    service: {
      folder: 'svc-hire',
      apiPrefixes: ['/api/job', '/api/cv'],
      urlVariable: 'HIRE_URL',
      port: 4002,
      ...service,
    },
    ...(remote ? { remote: { name: 'mf_hire', folder: 'mf-hire', routes: ['/hire'], ...remote } } : {}),
  });

describe('upload routes and previews in a descriptor', () => {
  it('accepts paths under the module’s own API prefixes', () => {
    const m = parseDescriptor(
      descriptor(
        { uploads: [{ method: 'PUT', path: '/api/cv', maxBytes: 5242880 }] },
        { previews: [{ route: '/hire/:id', api: '/api/job/:id/preview' }] },
      ),
      'svc-hire/module.json',
    );
    expect(m.service?.uploads?.[0]?.maxBytes).toBe(5242880);
  });

  it('refuses an upload route or preview source of another module’s API', () => {
    expect(() =>
      parseDescriptor(
        descriptor({ uploads: [{ method: 'PUT', path: '/api/user/photo', maxBytes: 5242880 }] }),
        'svc-hire/module.json',
      ),
    ).toThrow('svc-hire/module.json: upload /api/user/photo is not under its apiPrefixes');
    expect(() =>
      parseDescriptor(
        descriptor({}, { previews: [{ route: '/hire/:id', api: '/api/jobs-elsewhere/:id' }] }),
        'svc-hire/module.json',
      ),
    ).toThrow('preview /api/jobs-elsewhere/:id is not under its apiPrefixes');
    expect(() =>
      parseDescriptor(
        descriptor({}, { firstData: [{ route: '/hire', api: '/api/user/get?limit=10' }] }),
        'svc-hire/module.json',
      ),
    ).toThrow('first data /api/user/get?limit=10 is not under its apiPrefixes');
    expect(
      parseDescriptor(
        descriptor({}, { firstData: [{ route: '/hire', api: '/api/job/get?limit=10' }] }),
        'svc-hire/module.json',
      ).remote?.firstData,
    ).toHaveLength(1);
  });

  it('refuses an upload limit without a method or beyond 50 MB', () => {
    expect(() =>
      parseDescriptor(descriptor({ uploads: [{ path: '/api/cv', maxBytes: 5242880 }] }), 'm.json'),
    ).toThrow(/m\.json/);
    expect(() =>
      parseDescriptor(
        descriptor({ uploads: [{ method: 'PUT', path: '/api/cv', maxBytes: 60 * 1024 * 1024 }] }),
        'm.json',
      ),
    ).toThrow(/maxBytes/);
  });
});

describe('one name per module', () => {
  it('accepts a module whose parts carry its name', () => {
    expect(parseDescriptor(descriptor({ producer: 'hire' }, {}), 'svc-hire/module.json').name).toBe('hire');
  });

  it('refuses a part named otherwise, saying which', () => {
    expect(() => parseDescriptor(descriptor({ folder: 'svc-jobs' }), 'svc-jobs/module.json')).toThrow(
      'svc-jobs/module.json: service.folder is "svc-jobs": a module\'s parts carry its name ("svc-hire")',
    );
    expect(() => parseDescriptor(descriptor({ producer: 'jobs' }), 'm.json')).toThrow('service.producer');
    expect(() => parseDescriptor(descriptor({ urlVariable: 'JOBS_URL' }), 'm.json')).toThrow(
      'service.urlVariable',
    );
    expect(() => parseDescriptor(descriptor({}, { folder: 'mf-jobs' }), 'm.json')).toThrow('remote.folder');
    expect(() => parseDescriptor(descriptor({}, { name: 'mf_admin' }), 'm.json')).toThrow('remote.name');
  });
});

describe("a remote's origin variable", () => {
  it("is made from the module's one name, as its service's is", () => {
    expect(remoteUrlVariable({ name: 'hire' })).toBe('MF_HIRE_URL');
    expect(remoteUrlVariable({ name: 'time-off' })).toBe('MF_TIME_OFF_URL');
  });

  it("is claimed like a service's: no other module's variable may take it", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'modules-'));
    try {
      const write = (folder: string, text: string) => {
        mkdirSync(path.join(root, folder));
        writeFileSync(path.join(root, folder, 'module.json'), text);
      };
      write('svc-hire', descriptor({}, {}));
      write(
        'svc-mf-hire',
        JSON.stringify({
          name: 'mf-hire',
          label: 'Other',
          service: {
            folder: 'svc-mf-hire',
            apiPrefixes: ['/api/other'],
            urlVariable: 'MF_HIRE_URL',
            port: 4099,
          },
        }),
      );
      expect(() => loadModules(root)).toThrow('both claim variable MF_HIRE_URL');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
