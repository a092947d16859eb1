import	9:1	CoreLocation
import	10:1	Combine
import	11:1	Foundation
protocol	13:8	LocationServiceDelegate
func	14:5	locationService(_:didUpdate:)
func	15:5	locationServiceDidLoseAuthorization(_:)
struct	18:8	Coordinate
var	19:16	latitude
var	20:16	longitude
init	22:12	init(_:)
func	27:12	distance(to:)
let	28:13	a
let	29:13	b
enum	34:8	LocationError
case	35:10	denied
case	36:10	restricted
case	37:10	timedOut
case	38:10	unavailable
var	42:12	locationDebugLogging
let	43:5	defaultAccuracy
class	45:14	LocationService
let	46:23	shared
var	48:21	delegate
var	50:40	lastLocation
var	51:40	authorization
var	53:16	coordinatePublisher
closure	55:25	
closure	57:31	
let	61:17	manager
var	62:17	oneShotContinuations
var	63:17	authorizationContinuation
var	64:17	streamContinuations
let	65:17	stateQueue
var	66:17	timeoutWorkItem
init	68:14	init()
func	84:19	applicationDidEnterBackground(_:)
closure	85:26	
closure	87:42	
func	94:12	requestAuthorization()
let	95:13	current
closure	97:46	
closure	98:38	
func	107:12	currentLocation(timeout:)
closure	119:58	
closure	120:30	
let	122:21	item
closure	122:45	
closure	128:42	
func	133:13	failPending(with:)
closure	134:26	
let	135:17	pending
closure	137:29	
func	143:12	updates()
closure	144:21	
let	145:17	id
closure	146:30	
closure	149:46	
closure	152:42	
closure	154:39	
closure	157:50	
func	164:12	monitor(region:radius:identifier:)
let	165:13	region
extension	178:1	LocationService
func	179:12	locationManagerDidChangeAuthorization(_:)
let	180:13	status
func	192:12	locationManager(_:didUpdateLocations:)
closure	199:26	
let	201:17	pending
func	212:12	locationManager(_:didFailWithError:)
func	220:12	locationManager(_:didEnterRegion:)
extension	226:8	Notification.Name
let	227:16	didEnterMonitoredRegion
class	232:14	NearbyPlacesModel
var	233:27	places
var	234:27	isSearching
var	236:17	cancellable
var	237:17	searchTask
init	239:12	init(service:)
closure	242:19	
deinit	247:5	deinit
func	251:13	search(near:)
closure	254:27	
let	255:17	names
closure	256:33	
func	263:20	lookup(_:)
let	264:13	geocoder
let	265:13	location
let	267:17	marks
closure	268:37	
