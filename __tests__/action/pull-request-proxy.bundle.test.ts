/**
 * The pull request's REST calls through an HTTP proxy (a self-hosted runner's `http_proxy`),
 * end to end: the report entry point (dist/report.js) reads the legs and makes its check run
 * and comment through a proxy that tunnels every request to the local service. Octokit's
 * fetch and the proxy's dispatcher are undici's, which the build leaves to be required on
 * first use (scripts/build-deferred.mjs, docs/design.md §9 "The build"): this is where they
 * are used.
 */
import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { failingLeg, HEAD_SHA, reportOnWorkflowRun, testNames, warnings } from '../helpers/report-workflow.js'
import { ResultsService } from '../helpers/results-service.js'

/** A proxy that answers CONNECT by tunnelling to `port` on 127.0.0.1, whatever host was asked; it records the targets. */
async function tunnellingProxy(port: number): Promise<{ server: Server; url: string; targets: string[] }> {
  const targets: string[] = []
  const server = createServer((_request, response) => response.writeHead(405).end())
  server.on('connect', (request, client, head) => {
    targets.push(request.url ?? '')
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, targets }
}

test('behind http_proxy, the check run and the comment go through the proxy', async () => {
  const service = await ResultsService.start()
  const servicePort = Number(new URL(service.env().GITHUB_API_URL!).port)
  const proxy = await tunnellingProxy(servicePort)
  try {
    const leg = await failingLeg(service, 'node-22', testNames(2))
    expect(leg.outputs.outcome).toBe('failure')
    // A name that is not the loopback address, which the clients would reach without the proxy.
    const apiUrl = `http://api.github.test:${servicePort}`
    const step = await reportOnWorkflowRun(
      service,
      { 'github-token': service.apiToken({ actionsRead: true, checksWrite: true, pullRequestsWrite: true }) },
      { pullRequests: [7] },
      { GITHUB_API_URL: apiUrl, http_proxy: proxy.url, HTTP_PROXY: proxy.url }
    )
    expect(step.code).toBe(0)
    expect(warnings(step)).toEqual([])
    expect(service.github.checkRuns).toEqual([expect.objectContaining({ head_sha: HEAD_SHA, conclusion: 'failure' })])
    expect(service.github.comments().filter(comment => comment.issue === 7)).toHaveLength(1)
    expect(proxy.targets.length).toBeGreaterThan(0)
    expect(new Set(proxy.targets)).toEqual(new Set([`api.github.test:${servicePort}`]))
  } finally {
    proxy.server.closeAllConnections()
    await new Promise(resolve => proxy.server.close(resolve))
    await service.stop()
  }
}, 180_000)
